import { defineService } from '../service';
import { boolProp, enumProp, listProp, numProp, strProp } from '../properties';
import { ref, tpl } from '../../ir/terraform-ir';
import { kmsKeyOf } from './shared';
import { dataAccessPolicy, registryToken, serviceRole } from './iam';
import { keyPolicy, serviceStatements } from './key-policy';

/** AWS security: KMS keys, Secrets Manager secrets, IAM roles. */
export const awsKms = defineService({
  id: 'aws.kms',
  cloud: 'aws',
  kind: 'kms',
  name: 'KMS key',
  category: 'security',
  description: 'Customer-managed encryption key with rotation and an alias.',
  icon: 'aws-kms',
  properties: [
    numProp('deletionWindow', 'Deletion window (days)', 30, 7, 30),
    boolProp('rotation', 'Automatic rotation', true),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'kms' },
  emits: { terraform: ['aws_kms_key', 'aws_kms_alias'] },
  dataActions: ['kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey'],
  terraform: (ctx) => {
    // Services that use the key for the design (CloudFront, CloudWatch) need it in the policy.
    const statements = serviceStatements(ctx);
    const key = ctx.resource('aws_kms_key', ctx.node.local, {
      description: tpl('Key ', ctx.name()),
      deletion_window_in_days: ctx.prop('deletionWindow'),
      enable_key_rotation: ctx.prop('rotation'),
      ...(statements.length > 0 ? { policy: keyPolicy(ctx, statements) } : {}),
      tags: ctx.tags(),
    });
    ctx.resource('aws_kms_alias', ctx.node.local, {
      name: tpl('alias/', ctx.name()),
      target_key_id: ref(key.address, 'key_id'),
    });
    ctx.output('key_arn', `ARN of key ${ctx.node.name}`, ref(key.address, 'arn'));
  },
});

export const awsSecretsManager = defineService({
  id: 'aws.secrets-manager',
  cloud: 'aws',
  kind: 'secret',
  name: 'Secrets Manager secret',
  category: 'security',
  description: 'Secret whose value comes from a sensitive variable, never from the code.',
  icon: 'aws-secrets-manager',
  properties: [
    strProp('description', 'Description', 'Application secret'),
    numProp('recoveryWindow', 'Recovery window (days)', 30, 0, 30),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'sec' },
  emits: { terraform: ['aws_secretsmanager_secret', 'aws_secretsmanager_secret_version'] },
  dataActions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const key = kmsKeyOf(ctx);
    const secret = ctx.resource('aws_secretsmanager_secret', local, {
      name: ctx.name(),
      description: ctx.prop('description'),
      recovery_window_in_days: ctx.prop('recoveryWindow'),
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    ctx.resource('aws_secretsmanager_secret_version', local, {
      secret_id: ref(secret.address, 'id'),
      // Write-only: the value never enters the state (policy no-secret-in-state); raise the
      // version to rotate it.
      secret_string_wo: ctx.variable({
        name: `${local}_value`,
        type: 'string',
        description: `Value of secret ${ctx.node.name}.`,
        sensitive: true,
      }),
      secret_string_wo_version: 1,
    });
    ctx.output('secret_arn', `ARN of secret ${ctx.node.name}`, ref(secret.address, 'arn'));
  },
});

export const awsIamRole = defineService({
  id: 'aws.iam-role',
  cloud: 'aws',
  kind: 'identity',
  name: 'IAM role',
  category: 'security',
  description:
    'Role assumed by an AWS service, with managed policies and access to connected stores.',
  icon: 'aws-iam',
  properties: [
    enumProp(
      'principal',
      'Trusted service',
      [
        'ec2.amazonaws.com',
        'lambda.amazonaws.com',
        'ecs-tasks.amazonaws.com',
        'states.amazonaws.com',
        'events.amazonaws.com',
      ],
      'ec2.amazonaws.com',
    ),
    listProp('managedPolicies', 'Managed policy ARNs', ['arn:aws:iam::aws:policy/ReadOnlyAccess']),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'role' },
  emits: { terraform: ['aws_iam_role', 'aws_iam_role_policy_attachment', 'aws_iam_role_policy'] },
  terraform: (ctx) => {
    const role = serviceRole(
      ctx,
      ctx.node.local,
      ctx.value('principal'),
      ctx.value<string[]>('managedPolicies'),
      '',
    );
    dataAccessPolicy(ctx, role, ctx.node.local);
    registryToken(ctx, role);
    ctx.output('role_arn', `ARN of role ${ctx.node.name}`, ref(role.address, 'arn'));
  },
});
