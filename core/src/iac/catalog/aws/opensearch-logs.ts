import type { TTfBuildContext } from '../service';
import { block, call, obj, ref, tpl, type TTfBlock } from '../../ir/terraform-ir';
import { kmsKeyOf } from './shared';

/**
 * The logs an OpenSearch domain publishes, and the log group of each: its errors, and the slow
 * searches and indexing requests past the thresholds an index sets. Audit logs need fine-grained
 * access control, which these domains do not turn on (access is IAM's), so they are left out.
 */
const SEARCH_LOGS = [
  ['ES_APPLICATION_LOGS', 'application'],
  ['SEARCH_SLOW_LOGS', 'search'],
  ['INDEX_SLOW_LOGS', 'index'],
] as const;

/** Where the domains' log groups live: the one prefix the design's resource policy admits. */
const GROUP_PREFIX = '/aws/OpenSearchService/domains/';

/**
 * CloudWatch Logs lets OpenSearch write into a group only through a resource policy for
 * es.amazonaws.com (OpenSearch Service developer guide, "Monitoring OpenSearch logs with
 * Amazon CloudWatch Logs"), and an account has at most 10 such policies per region: one per
 * design, over every domain's groups, from this account's domains only.
 */
function resourcePolicy(ctx: TTfBuildContext): string {
  const partition = ref(ctx.data('aws_partition', 'current', {}).address, 'partition');
  const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
  const region = ref('var.region');
  return ctx.shared('aws_cloudwatch_log_resource_policy', 'opensearch', {
    policy_name: ctx.designName('opensearch-logs', 'aws-generic'),
    policy_document: call(
      'jsonencode',
      obj({
        Version: '2012-10-17',
        Statement: [
          obj({
            Sid: 'OpenSearchWritesDomainLogs',
            Effect: 'Allow',
            Principal: obj({ Service: 'es.amazonaws.com' }),
            Action: ['logs:PutLogEvents', 'logs:CreateLogStream'],
            Resource: tpl(
              'arn:',
              partition,
              ':logs:',
              region,
              ':',
              account,
              `:log-group:${GROUP_PREFIX}*`,
            ),
            Condition: obj({
              StringEquals: obj({ 'aws:SourceAccount': account }),
              ArnLike: obj({
                'aws:SourceArn': tpl('arn:', partition, ':es:', region, ':', account, ':domain/*'),
              }),
            }),
          }),
        ],
      }),
    ),
  }).address;
}

/**
 * The domain's log groups (90 days, encrypted with the domain's key when it has one: its key
 * policy lets CloudWatch Logs use it) and its log_publishing_options; the domain must wait for
 * the resource policy, or OpenSearch refuses the options.
 */
export function searchLogs(ctx: TTfBuildContext): {
  options: TTfBlock[];
  dependsOn: string[];
} {
  const key = kmsKeyOf(ctx);
  const domain = ctx.name(undefined, 'aws-opensearch');
  const options = SEARCH_LOGS.map(([type, log]) => {
    const group = ctx.resource('aws_cloudwatch_log_group', `${ctx.node.local}_${log}_logs`, {
      name: tpl(GROUP_PREFIX, domain, `/${log}-logs`),
      retention_in_days: 90,
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    return block({
      log_type: type,
      cloudwatch_log_group_arn: ref(group.address, 'arn'),
      enabled: true,
    });
  });
  return { options, dependsOn: [resourcePolicy(ctx)] };
}
