import { defineService } from '../service';
import { boolProp } from '../properties';
import { obj, ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import type { TNode } from '../service';
import { kmsKeyOf } from './shared';
import { dataRoleArn } from './iam';

/**
 * The database role a connected workload signs in as (its `<DB>_USER`): its local name, a valid
 * PostgreSQL identifier. DbConnect admits no one until the admin creates that role and grants it
 * to the workload's IAM role (Aurora DSQL User Guide, "Using database roles and IAM
 * authentication"; the README says how, from output `<db>_database_roles`).
 */
export const dsqlRoleName = (workload: TNode): string => workload.local;

/**
 * Aurora DSQL: a serverless, distributed PostgreSQL-compatible cluster. It has no passwords:
 * callers sign in with IAM tokens (dsql:DbConnect for custom roles, never DbConnectAdmin).
 */
export const awsDsql = defineService({
  id: 'aws.dsql',
  cloud: 'aws',
  kind: 'distributed-sql',
  name: 'Aurora DSQL cluster',
  category: 'databases',
  description:
    'Serverless distributed PostgreSQL-compatible cluster with IAM authentication only: connected compute may connect as a custom database role (dsql:DbConnect), never as admin. Deletion protection, encryption with the connected KMS key (else an AWS-owned key).',
  icon: 'aws-dsql',
  properties: [boolProp('deletionProtection', 'Deletion protection', true)],
  placement: 'none',
  port: 5432,
  naming: { rule: 'aws-tag', abbreviation: 'dsql' },
  emits: { terraform: ['aws_dsql_cluster'] },
  dataActions: ['dsql:DbConnect'],
  terraform: (ctx) => {
    const key = kmsKeyOf(ctx);
    // The cluster has no name argument: the Name tag every resource gets is what the console shows.
    const cluster = ctx.resource('aws_dsql_cluster', ctx.node.local, {
      deletion_protection_enabled: ctx.prop('deletionProtection'),
      kms_encryption_key: key ?? 'AWS_OWNED_KMS_KEY',
      tags: ctx.tags(),
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name} (PostgreSQL on 5432, IAM token as password)`,
      tpl(ref(cluster.address, 'identifier'), '.dsql.', tfVar('region'), '.on.aws'),
    );
    ctx.output('cluster_arn', `ARN of cluster ${ctx.node.name}`, ref(cluster.address, 'arn'));
    const roles: Record<string, TTfValue> = {};
    for (const e of ctx.incoming('data')) {
      const arn = dataRoleArn(ctx, e.node, ctx.node);
      if (arn) roles[dsqlRoleName(e.node)] = arn;
    }
    if (Object.keys(roles).length > 0)
      ctx.output(
        'database_roles',
        `Database role of each workload connected to ${ctx.node.name}, and the IAM role to grant it to (see the README)`,
        obj(roles),
      );
  },
});
