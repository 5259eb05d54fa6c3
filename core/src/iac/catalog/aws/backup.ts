import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { block, call, obj, ref, type TTfValue } from '../../ir/terraform-ir';
import { kmsKeyOf } from './shared';
import { serviceRole } from './iam';

/**
 * The ARN AWS Backup protects for each kind it supports ("Supported AWS resources and
 * third-party applications"); other data connections are not backed up.
 */
function protectedArn(ctx: TTfBuildContext, node: TNode): TTfValue | undefined {
  const arnOf = (type: string) => ref(ctx.address(node, type), 'arn');
  switch (node.service.kind) {
    case 'nosql':
      return arnOf('aws_dynamodb_table');
    case 'postgresql':
    case 'mysql':
    case 'sqlserver':
      return arnOf('aws_db_instance');
    case 'document-db':
      return arnOf('aws_docdb_cluster');
    case 'file-storage':
      return arnOf('aws_efs_file_system');
    case 'block-storage':
      return arnOf('aws_ebs_volume');
    case 'vm':
      return arnOf('aws_instance');
    default:
      return undefined;
  }
}

/** AWS Backup: a KMS-encrypted vault, daily and monthly rules, and the components it protects. */
export const awsBackup = defineService({
  id: 'aws.backup',
  cloud: 'aws',
  kind: 'backup',
  name: 'Backup plan',
  category: 'storage',
  description:
    'AWS Backup vault encrypted with KMS and a plan with daily and monthly recovery points for the databases, tables, file systems, volumes and instances it has data connections to.',
  icon: 'aws-backup',
  properties: [
    numProp('dailyDays', 'Keep daily backups (days)', 35, 1, 365),
    numProp('monthlyDays', 'Keep monthly backups (days)', 365, 30, 3650),
  ],
  placement: 'none',
  naming: { rule: 'aws-backup', abbreviation: 'bkp' },
  emits: {
    terraform: [
      'aws_backup_vault',
      'aws_backup_plan',
      'aws_backup_selection',
      'aws_iam_role',
      'aws_iam_role_policy',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const key = kmsKeyOf(ctx, 'arn');
    // Without a connected key the vault uses the AWS managed key aws/backup (still KMS).
    const vault = ctx.resource('aws_backup_vault', local, {
      name: ctx.name(),
      ...(key ? { kms_key_arn: key } : {}),
      tags: ctx.tags(),
    });
    const rule = (name: string, schedule: string, days: TTfValue) =>
      block({
        rule_name: name,
        target_vault_name: ref(vault.address, 'name'),
        schedule,
        // Minutes; the completion window must exceed the start window.
        start_window: 60,
        completion_window: 360,
        lifecycle: block({ delete_after: days }),
      });
    const plan = ctx.resource('aws_backup_plan', local, {
      name: ctx.name('plan', 'aws-backup'),
      rule: [
        rule('daily', 'cron(0 3 * * ? *)', ctx.prop('dailyDays')),
        rule('monthly', 'cron(0 4 1 * ? *)', ctx.prop('monthlyDays')),
      ],
      tags: ctx.tags(),
    });
    const resources = ctx
      .outgoing('data')
      .map((e) => protectedArn(ctx, e.node))
      .filter((arn): arn is TTfValue => arn !== undefined);
    // A selection needs at least one resource: with none connected the plan waits for one.
    if (resources.length === 0) return;
    const role = serviceRole(ctx, local, 'backup.amazonaws.com', [
      'arn:aws:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup',
      'arn:aws:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores',
    ]);
    if (key) {
      // Recovery points copied into the vault are encrypted with its key by this role.
      ctx.resource('aws_iam_role_policy', `${local}_vault_key`, {
        name: 'vault-key',
        role: ref(role.address, 'id'),
        policy: call(
          'jsonencode',
          obj({
            Version: '2012-10-17',
            Statement: [
              obj({
                Effect: 'Allow',
                Action: [
                  'kms:Decrypt',
                  'kms:GenerateDataKey',
                  'kms:DescribeKey',
                  'kms:CreateGrant',
                ],
                Resource: key,
              }),
            ],
          }),
        ),
      });
    }
    ctx.resource('aws_backup_selection', local, {
      name: ctx.name('selection', 'aws-backup'),
      plan_id: ref(plan.address, 'id'),
      iam_role_arn: ref(role.address, 'arn'),
      resources,
    });
    ctx.output('vault_name', `Backup vault of ${ctx.node.name}`, ref(vault.address, 'name'));
  },
});
