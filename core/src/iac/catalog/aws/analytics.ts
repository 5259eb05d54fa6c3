import { defineService, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { kmsKeyOf, subnetIds } from './shared';
import { ownSecurityGroup } from './security-groups';
import { searchLogs } from './opensearch-logs';

/** AWS streaming, Kafka and search: Kinesis Data Streams, MSK Serverless, OpenSearch. */

export const awsKinesis = defineService({
  id: 'aws.kinesis',
  cloud: 'aws',
  kind: 'stream',
  name: 'Kinesis data stream',
  category: 'messaging',
  description:
    'Ordered, replayable event stream, encrypted with KMS; on-demand capacity or provisioned shards.',
  icon: 'aws-kinesis',
  properties: [
    enumProp('mode', 'Capacity mode', ['ON_DEMAND', 'PROVISIONED'], 'ON_DEMAND'),
    numProp('shards', 'Shards (provisioned)', 1, 1, 500),
    // Kinesis retention: 24 hours (default) to 8,760 hours (365 days).
    numProp('retentionHours', 'Retention (hours)', 24, 24, 8760),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'kds' },
  emits: { terraform: ['aws_kinesis_stream'] },
  dataActions: [
    'kinesis:DescribeStreamSummary',
    'kinesis:ListShards',
    'kinesis:GetShardIterator',
    'kinesis:GetRecords',
    'kinesis:PutRecord',
    'kinesis:PutRecords',
  ],
  terraform: (ctx) => {
    const isProvisioned = ctx.value('mode') === 'PROVISIONED';
    const stream = ctx.resource('aws_kinesis_stream', ctx.node.local, {
      name: ctx.name(),
      ...(isProvisioned ? { shard_count: ctx.prop('shards') } : {}),
      retention_period: ctx.prop('retentionHours'),
      encryption_type: 'KMS',
      kms_key_id: kmsKeyOf(ctx, 'arn') ?? 'alias/aws/kinesis',
      stream_mode_details: block({ stream_mode: ctx.value('mode') }),
      tags: ctx.tags(),
    });
    ctx.output('name', `Name of stream ${ctx.node.name}`, ref(stream.address, 'name'));
  },
});

/**
 * A traffic connection from a stream to a function makes the function its consumer: an event
 * source mapping and the read (and decrypt) permissions the Lambda service needs for it, which
 * it checks when the mapping is created (so the mapping waits for them).
 *
 * A batch that still fails after its retries is skipped for the shard to move on; its shard,
 * sequence numbers and error go to an on-failure queue of the mapping (kept 14 days), not
 * dropped without a trace, so the records can be read again while the stream keeps them.
 * https://docs.aws.amazon.com/lambda/latest/dg/kinesis-on-failure-destination.html
 */
export function streamTriggers(ctx: TTfBuildContext, fn: TTfRef, role: TTfRef): void {
  const streams = ctx.incoming('traffic').filter((e) => e.node.service.kind === 'stream');
  const statements: TTfValue[] = [];
  const permissions = `aws_iam_role_policy.${ctx.node.local}_streams`;
  for (const { node: stream } of streams) {
    const arn = ref(ctx.address(stream, 'aws_kinesis_stream'), 'arn');
    const failures = ctx.resource('aws_sqs_queue', `${ctx.node.local}_${stream.local}_failures`, {
      name: ctx.name(`${stream.name}-failures`),
      message_retention_seconds: 1209600,
      sqs_managed_sse_enabled: true,
      tags: ctx.tags(),
    });
    ctx.resource(
      'aws_lambda_event_source_mapping',
      `${ctx.node.local}_${stream.local}`,
      {
        event_source_arn: arn,
        function_name: ref(fn.address, 'arn'),
        starting_position: 'LATEST',
        batch_size: 100,
        maximum_retry_attempts: 3,
        bisect_batch_on_function_error: true,
        destination_config: block({
          on_failure: block({ destination_arn: ref(failures.address, 'arn') }),
        }),
      },
      [permissions],
    );
    statements.push(
      obj({ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: ref(failures.address, 'arn') }),
    );
    statements.push(
      obj({
        Effect: 'Allow',
        Action: [
          'kinesis:DescribeStream',
          'kinesis:DescribeStreamSummary',
          'kinesis:GetRecords',
          'kinesis:GetShardIterator',
          'kinesis:ListShards',
          'kinesis:ListStreams',
          'kinesis:SubscribeToShard',
        ],
        Resource: arn,
      }),
    );
    // Records of a stream encrypted with a customer-managed key need that key to be read.
    const key = ctx.outgoingOf(stream, 'data').find((e) => e.node.service.kind === 'kms');
    if (key) {
      const keyArn = ref(ctx.address(key.node, 'aws_kms_key'), 'arn');
      statements.push(obj({ Effect: 'Allow', Action: 'kms:Decrypt', Resource: keyArn }));
    }
  }
  if (statements.length === 0) return;
  ctx.resource('aws_iam_role_policy', `${ctx.node.local}_streams`, {
    name: 'stream-triggers',
    role: ref(role.address, 'id'),
    policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: statements })),
  });
}

export const awsMskServerless = defineService({
  id: 'aws.msk-serverless',
  cloud: 'aws',
  kind: 'kafka',
  name: 'MSK Serverless (Kafka)',
  category: 'messaging',
  description:
    'Apache Kafka without brokers to size: IAM authentication over TLS (port 9098), private to its subnets.',
  icon: 'aws-msk',
  properties: [],
  placement: 'subnet',
  // MSK Serverless accepts IAM access control only, on TLS port 9098.
  port: 9098,
  isNetworked: true,
  naming: { rule: 'aws-msk', abbreviation: 'kafka' },
  emits: { terraform: ['aws_msk_serverless_cluster'] },
  dataActions: [
    'kafka-cluster:Connect',
    'kafka-cluster:DescribeCluster',
    'kafka-cluster:DescribeTopic',
    'kafka-cluster:CreateTopic',
    'kafka-cluster:ReadData',
    'kafka-cluster:WriteData',
    'kafka-cluster:DescribeGroup',
    'kafka-cluster:AlterGroup',
  ],
  terraform: (ctx) => {
    const groups = ownSecurityGroup(ctx, `Kafka ${ctx.node.name}`);
    const cluster = ctx.resource('aws_msk_serverless_cluster', ctx.node.local, {
      cluster_name: ctx.name(),
      vpc_config: block({ subnet_ids: subnetIds(ctx), security_group_ids: groups }),
      client_authentication: block({
        sasl: block({ iam: block({ enabled: true }) }),
      }),
      tags: ctx.tags(),
    });
    ctx.output(
      'bootstrap_brokers',
      `Bootstrap brokers (SASL/IAM, TLS) of ${ctx.node.name}`,
      ref(cluster.address, 'bootstrap_brokers_sasl_iam'),
    );
  },
});

/**
 * OpenSearch instance types offered in most regions (Amazon OpenSearch Service "Supported
 * instance types"); t3.medium suits development only.
 */
const SEARCH_INSTANCE_TYPES = [
  't3.medium.search',
  'm6g.large.search',
  'm7g.large.search',
  'r6g.large.search',
  'r7g.large.search',
  'c6g.large.search',
] as const;

export const awsOpenSearch = defineService({
  id: 'aws.opensearch',
  cloud: 'aws',
  kind: 'search',
  name: 'OpenSearch domain',
  category: 'databases',
  description:
    'Search and log analytics inside the VPC: encrypted at rest and between nodes, HTTPS with TLS 1.2, IAM access; application and slow logs in CloudWatch.',
  icon: 'aws-opensearch',
  properties: [
    enumProp(
      'version',
      'Engine version',
      ['OpenSearch_2.19', 'OpenSearch_2.17'],
      'OpenSearch_2.19',
    ),
    enumProp('instanceType', 'Instance type', SEARCH_INSTANCE_TYPES, 'm7g.large.search'),
    numProp('instances', 'Data nodes', 2, 1, 20),
    numProp('volumeGb', 'Storage per node (GiB, gp3)', 20, 10, 1536),
    boolProp(
      'createServiceLinkedRole',
      'Manage the account-wide OpenSearch service-linked role here (one environment per account only)',
      false,
    ),
  ],
  placement: 'subnet',
  port: 443,
  isNetworked: true,
  naming: { rule: 'aws-opensearch', abbreviation: 'search' },
  emits: {
    terraform: [
      'aws_opensearch_domain',
      'aws_opensearch_domain_policy',
      'aws_iam_service_linked_role',
      'aws_cloudwatch_log_group',
      'aws_cloudwatch_log_resource_policy',
    ],
  },
  dataActions: [
    'es:ESHttpGet',
    'es:ESHttpHead',
    'es:ESHttpPost',
    'es:ESHttpPut',
    'es:ESHttpDelete',
  ],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Search ${ctx.node.name}`);
    const subnets = subnetIds(ctx);
    // Zone awareness needs a data-node count that is a multiple of the zone count in every
    // environment (OpenSearch Service "Multi-AZ"); otherwise the domain stays in one zone.
    const counts = [ctx.value<number>('instances')].concat(
      ctx.environments.flatMap((e) => {
        const v = ctx.node.overrides[e]?.['instances'];
        return typeof v === 'number' ? [v] : [];
      }),
    );
    const zones = [3, 2].find((z) => z <= subnets.length && counts.every((c) => c % z === 0)) ?? 1;
    const isZoneAware = zones > 1;
    // A VPC domain needs the account's one AWSServiceRoleForAmazonOpenSearchService, which
    // OpenSearch creates itself with the first domain when the identity applying may
    // iam:CreateServiceLinkedRole (OpenSearch Service developer guide, "Using service-linked
    // roles to create VPC domains"). Managed in every environment's stack, it fails where it
    // exists and is deleted with one environment under the others: only on request, then.
    const slr = ctx.value<boolean>('createServiceLinkedRole')
      ? ctx.shared('aws_iam_service_linked_role', 'opensearch', {
          aws_service_name: 'opensearchservice.amazonaws.com',
        })
      : undefined;
    // Errors and slow requests to CloudWatch (Security Hub OpenSearch.4, Checkov CKV_AWS_84).
    const logs = searchLogs(ctx);
    const domain = ctx.resource(
      'aws_opensearch_domain',
      local,
      {
        domain_name: ctx.name(),
        engine_version: ctx.prop('version'),
        cluster_config: block({
          instance_type: ctx.prop('instanceType'),
          instance_count: ctx.prop('instances'),
          zone_awareness_enabled: isZoneAware,
          ...(isZoneAware
            ? { zone_awareness_config: block({ availability_zone_count: zones }) }
            : {}),
        }),
        ebs_options: block({
          ebs_enabled: true,
          volume_type: 'gp3',
          volume_size: ctx.prop('volumeGb'),
        }),
        encrypt_at_rest: block({
          enabled: true,
          ...(kmsKeyOf(ctx, 'key_id') ? { kms_key_id: kmsKeyOf(ctx, 'key_id')! } : {}),
        }),
        node_to_node_encryption: block({ enabled: true }),
        domain_endpoint_options: block({
          enforce_https: true,
          tls_security_policy: 'Policy-Min-TLS-1-2-PFS-2023-10',
        }),
        vpc_options: block({
          subnet_ids: isZoneAware ? subnets.slice(0, zones) : subnets.slice(0, 1),
          security_group_ids: groups,
        }),
        tags: ctx.tags(),
        log_publishing_options: logs.options,
      },
      [...(slr ? [slr.address] : []), ...logs.dependsOn],
    );
    // Access is decided by the callers' IAM policies (data connections); the domain trusts the account.
    const account = ctx.data('aws_caller_identity', 'current', {});
    ctx.resource('aws_opensearch_domain_policy', local, {
      domain_name: ref(domain.address, 'domain_name'),
      access_policies: call(
        'jsonencode',
        obj({
          Version: '2012-10-17',
          Statement: [
            obj({
              Effect: 'Allow',
              Principal: obj({
                AWS: tpl('arn:aws:iam::', ref(account.address, 'account_id'), ':root'),
              }),
              Action: 'es:ESHttp*',
              Resource: tpl(ref(domain.address, 'arn'), '/*'),
            }),
          ],
        }),
      ),
    });
    ctx.output('endpoint', `HTTPS endpoint of ${ctx.node.name}`, ref(domain.address, 'endpoint'));
  },
});

/** RA3 node types that run as a single node or a cluster of up to 16 (Amazon Redshift "Node types"). */
const WAREHOUSE_NODE_TYPES = ['ra3.large', 'ra3.xlplus'] as const;

export const awsRedshift = defineService({
  id: 'aws.redshift',
  cloud: 'aws',
  kind: 'data-warehouse',
  name: 'Redshift cluster',
  category: 'databases',
  description:
    'Provisioned RA3 data warehouse in private subnets: encrypted, enhanced VPC routing, admin password managed in Secrets Manager, final snapshot kept. Connected compute is told its host, port and admin secret, and may read that secret.',
  icon: 'aws-redshift',
  properties: [
    enumProp('nodeType', 'Node type', WAREHOUSE_NODE_TYPES, 'ra3.large'),
    numProp('nodes', 'Nodes', 2, 1, 16),
    strProp('database', 'Database name', 'analytics'),
  ],
  placement: 'subnet',
  port: 5439,
  isNetworked: true,
  naming: { rule: 'aws-rds', abbreviation: 'dw' },
  emits: {
    terraform: [
      'aws_redshift_cluster',
      'aws_redshift_subnet_group',
      'aws_redshift_parameter_group',
      'aws_redshift_logging',
      'aws_cloudwatch_log_group',
    ],
  },
  // Its users are not IAM users: callers sign in with the admin secret Redshift manages.
  dataActions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const groups = ownSecurityGroup(ctx, `Warehouse ${ctx.node.name}`);
    const subnetGroup = ctx.resource('aws_redshift_subnet_group', local, {
      name: ctx.name('subnets', 'aws-rds'),
      subnet_ids: subnetIds(ctx),
      tags: ctx.tags(),
    });
    // The default group's require_ssl is false: clients could send the admin password and the
    // data in the clear (Amazon Redshift Management Guide, "Configuring security options for
    // connections"). redshift-2.0 is the family of every current cluster version.
    const params = ctx.resource('aws_redshift_parameter_group', local, {
      name: ctx.name('params', 'aws-rds'),
      family: 'redshift-2.0',
      description: `TLS and audit logs for ${ctx.node.name}`,
      parameter: [
        block({ name: 'require_ssl', value: 'true' }),
        // The queries each user runs, which the user activity log keeps.
        block({ name: 'enable_user_activity_logging', value: 'true' }),
      ],
      tags: ctx.tags(),
    });
    const key = kmsKeyOf(ctx, 'arn');
    const cluster = ctx.resource('aws_redshift_cluster', local, {
      cluster_identifier: ctx.name(),
      node_type: ctx.prop('nodeType'),
      number_of_nodes: ctx.prop('nodes'),
      cluster_type: ctx.prop(
        'nodes',
        (n) => (Number(n) > 1 ? 'multi-node' : 'single-node'),
        'clusterType',
      ),
      database_name: ctx.prop('database'),
      master_username: 'dwadmin',
      manage_master_password: true,
      encrypted: true,
      ...(key ? { kms_key_id: key } : {}),
      cluster_subnet_group_name: ref(subnetGroup.address, 'name'),
      cluster_parameter_group_name: ref(params.address, 'name'),
      vpc_security_group_ids: groups,
      publicly_accessible: false,
      enhanced_vpc_routing: true,
      automated_snapshot_retention_period: 7,
      final_snapshot_identifier: tpl(ctx.name(), '-final'),
      skip_final_snapshot: false,
      tags: ctx.tags(),
    });
    auditLogs(ctx, cluster);
    ctx.output(
      'endpoint',
      `Endpoint of warehouse ${ctx.node.name}`,
      ref(cluster.address, 'endpoint'),
    );
  },
});

/** The audit logs Redshift exports: who connected, changes to users, and each query run. */
const REDSHIFT_LOG_EXPORTS = ['connectionlog', 'userlog', 'useractivitylog'];

/**
 * Audit logging, off by default (Amazon Redshift Management Guide, "Database audit logging"),
 * to CloudWatch Logs. Redshift writes to /aws/redshift/cluster/<cluster>/<log> and creates those
 * groups without a retention unless they exist first: made here, before the logging is turned on.
 */
function auditLogs(ctx: TTfBuildContext, cluster: TTfRef): void {
  const key = kmsKeyOf(ctx);
  const groups = REDSHIFT_LOG_EXPORTS.map((log) =>
    ctx.resource('aws_cloudwatch_log_group', `${ctx.node.local}_${log}`, {
      name: tpl('/aws/redshift/cluster/', ctx.name(undefined, 'aws-rds'), `/${log}`),
      retention_in_days: 90,
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    }),
  );
  ctx.resource(
    'aws_redshift_logging',
    ctx.node.local,
    {
      cluster_identifier: ref(cluster.address, 'cluster_identifier'),
      log_destination_type: 'cloudwatch',
      log_exports: REDSHIFT_LOG_EXPORTS,
    },
    groups.map((g) => g.address),
  );
}
