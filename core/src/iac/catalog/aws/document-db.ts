import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, ref, tpl } from '../../ir/terraform-ir';
import { spreadSubnets } from './databases';
import { kmsKeyOf } from './shared';
import { ownSecurityGroup } from './security-groups';

/**
 * Engine versions and their cluster parameter group families (Amazon DocumentDB "Supported
 * MongoDB APIs, operations, and data types"; "Managing cluster parameter groups").
 */
const DOCDB_FAMILIES: Readonly<Record<string, string>> = {
  '5.0.0': 'docdb5.0',
  '4.0.0': 'docdb4.0',
};

/** Instance classes DocumentDB offers with 5.0 and 4.0 ("Supported instance classes"). */
const DOCDB_CLASSES = ['db.t4g.medium', 'db.r6g.large', 'db.r6g.xlarge', 'db.r6g.2xlarge'] as const;

/** Amazon DocumentDB: MongoDB-compatible cluster, private, encrypted, TLS enforced. */
export const awsDocumentDb = defineService({
  id: 'aws.documentdb',
  cloud: 'aws',
  kind: 'document-db',
  name: 'DocumentDB cluster',
  category: 'databases',
  description:
    'MongoDB-compatible document database in private subnets: encrypted, TLS and audit logs enforced by its parameter group, admin password managed in Secrets Manager.',
  icon: 'aws-documentdb',
  properties: [
    enumProp('version', 'Engine version', Object.keys(DOCDB_FAMILIES), '5.0.0'),
    enumProp('instanceClass', 'Instance class', DOCDB_CLASSES, 'db.r6g.large'),
    // A primary and replicas in other zones; the same count in every environment.
    numProp('instances', 'Instances (primary and replicas)', 2, 1, 16),
    numProp('backupDays', 'Backup retention (days)', 7, 1, 35),
  ],
  placement: 'subnet',
  port: 27017,
  isNetworked: true,
  naming: { rule: 'aws-rds', abbreviation: 'docdb' },
  emits: {
    terraform: [
      'aws_docdb_cluster',
      'aws_docdb_cluster_instance',
      'aws_docdb_subnet_group',
      'aws_docdb_cluster_parameter_group',
    ],
  },
  // Callers read the managed admin secret; the database's own users are created by the application.
  dataActions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Document database ${ctx.node.name}`);
    const subnets = ctx.resource('aws_docdb_subnet_group', local, {
      name: ctx.name('subnets', 'aws-subnet-group'),
      subnet_ids: spreadSubnets(ctx).map((s) => ref(ctx.address(s, 'aws_subnet'), 'id')),
      tags: ctx.tags(),
    });
    const version = ctx.value('version');
    const params = ctx.resource('aws_docdb_cluster_parameter_group', local, {
      name: ctx.name('params', 'aws-rds'),
      family: DOCDB_FAMILIES[version] ?? 'docdb5.0',
      description: `TLS and audit logs for ${ctx.node.name}`,
      parameter: [
        block({ name: 'tls', value: 'enabled' }),
        block({ name: 'audit_logs', value: 'enabled' }),
      ],
      tags: ctx.tags(),
    });
    const key = kmsKeyOf(ctx, 'arn');
    const cluster = ctx.resource('aws_docdb_cluster', local, {
      cluster_identifier: ctx.name(),
      engine: 'docdb',
      engine_version: version,
      master_username: 'docdbadmin',
      manage_master_user_password: true,
      db_subnet_group_name: ref(subnets.address, 'name'),
      db_cluster_parameter_group_name: ref(params.address, 'name'),
      vpc_security_group_ids: groups,
      port: 27017,
      storage_encrypted: true,
      ...(key ? { kms_key_id: key } : {}),
      backup_retention_period: ctx.prop('backupDays'),
      enabled_cloudwatch_logs_exports: ['audit'],
      deletion_protection: true,
      final_snapshot_identifier: tpl(ctx.name(), '-final'),
      skip_final_snapshot: false,
      tags: ctx.tags(),
    });
    const count = ctx.value<number>('instances');
    for (let i = 1; i <= count; i++) {
      ctx.resource('aws_docdb_cluster_instance', `${local}_${i}`, {
        identifier: ctx.name(String(i)),
        cluster_identifier: ref(cluster.address, 'id'),
        instance_class: ctx.prop('instanceClass'),
        auto_minor_version_upgrade: true,
        tags: ctx.tags(),
      });
    }
    ctx.output('endpoint', `Writer endpoint of ${ctx.node.name}`, ref(cluster.address, 'endpoint'));
    ctx.output(
      'secret_arn',
      `Secret with the admin password of ${ctx.node.name}`,
      ref(cluster.address, 'master_user_secret[0].secret_arn'),
    );
  },
});
