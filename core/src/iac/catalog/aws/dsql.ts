import { defineService } from '../service';
import { boolProp } from '../properties';
import { ref, tfVar, tpl } from '../../ir/terraform-ir';
import { kmsKeyOf } from './shared';

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
  },
});
