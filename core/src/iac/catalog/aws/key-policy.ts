import type { TNode, TTfBuildContext } from '../service';
import { call, obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { pascal } from '../../build/camel';

/**
 * Key policies for customer-managed KMS keys that AWS services must use on the design's
 * behalf. The account statement comes first, as in the default key policy, so IAM policies
 * keep granting the key to roles (KMS developer guide, "Default key policy").
 */
export function keyPolicy(ctx: TTfBuildContext, services: readonly TTfValue[]): TTfValue {
  const account = ctx.data('aws_caller_identity', 'current', {});
  const partition = ctx.data('aws_partition', 'current', {});
  return call(
    'jsonencode',
    obj({
      Version: '2012-10-17',
      Statement: [
        obj({
          Sid: 'AccountAdministersKeyThroughIam',
          Effect: 'Allow',
          Principal: obj({
            AWS: tpl(
              'arn:',
              ref(partition.address, 'partition'),
              ':iam::',
              ref(account.address, 'account_id'),
              ':root',
            ),
          }),
          Action: 'kms:*',
          Resource: '*',
        }),
        ...services,
      ],
    }),
  );
}

/**
 * CloudWatch alarms publish to an encrypted topic only if the key lets the CloudWatch
 * principal use it; the AWS-managed `alias/aws/sns` key cannot (SNS developer guide,
 * "Configure AWS KMS permissions for AWS services").
 */
export const CLOUDWATCH_STATEMENT = obj({
  Sid: 'CloudWatchAlarmsPublishToEncryptedTopics',
  Effect: 'Allow',
  Principal: obj({ Service: 'cloudwatch.amazonaws.com' }),
  Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
  Resource: '*',
});

/**
 * CloudFront with origin access control reads SSE-KMS objects only if the key policy allows
 * the distribution (CloudFront developer guide, "Restrict access to an Amazon S3 origin",
 * SSE-KMS): read-only distributions need kms:Decrypt.
 */
export function cloudFrontStatement(ctx: TTfBuildContext, cdn: TNode): TTfValue {
  return obj({
    Sid: `CloudFront${pascal(cdn.local)}ReadsEncryptedObjects`,
    Effect: 'Allow',
    Principal: obj({ Service: 'cloudfront.amazonaws.com' }),
    Action: 'kms:Decrypt',
    Resource: '*',
    Condition: obj({
      StringEquals: obj({
        'AWS:SourceArn': ref(ctx.address(cdn, 'aws_cloudfront_distribution'), 'arn'),
      }),
    }),
  });
}

/** Whether a topic receives CloudWatch alarms (a data connection from an alarm to it). */
export const isAlertTopic = (ctx: TTfBuildContext, topic: TNode): boolean =>
  topic.service.kind === 'topic' &&
  ctx.incomingOf(topic, 'data').some((e) => e.node.service.kind === 'alarm');

/** The EventBridge buses whose rules deliver to a queue or topic. */
export const busesDeliveringTo = (ctx: TTfBuildContext, target: TNode): TNode[] => [
  ...new Set(
    [...ctx.incomingOf(target, 'data'), ...ctx.incomingOf(target, 'traffic')]
      .map((e) => e.node)
      .filter((n) => n.service.kind === 'event-bus'),
  ),
];

/**
 * Whether a topic without a KMS component gets a key of its own: AWS services that publish to it
 * (CloudWatch alarms, EventBridge rules) cannot use the AWS-managed SNS key, whose policy no one
 * can change, so with it nothing they send arrives.
 */
export const hasOwnTopicKey = (ctx: TTfBuildContext, topic: TNode): boolean =>
  topic.service.kind === 'topic' &&
  kmsNodeOf(ctx, topic) === undefined &&
  (isAlertTopic(ctx, topic) || busesDeliveringTo(ctx, topic).length > 0);

/** The KMS component a store is encrypted with (its data connection to the key). */
export const kmsNodeOf = (ctx: TTfBuildContext, store: TNode): TNode | undefined =>
  ctx.outgoingOf(store, 'data').find((e) => e.node.service.kind === 'kms')?.node;

/**
 * ARN of the customer-managed key a store is encrypted with: its KMS component, or the key a
 * topic AWS services publish to gets of its own (hasOwnTopicKey).
 */
export function keyOfStore(ctx: TTfBuildContext, store: TNode): TTfRef | undefined {
  const kms = kmsNodeOf(ctx, store);
  if (kms) return ref(ctx.address(kms, 'aws_kms_key'), 'arn');
  if (hasOwnTopicKey(ctx, store)) return ref(ctx.address(store, 'aws_kms_key', '_key'), 'arn');
  return undefined;
}

/**
 * SNS topics and EventBridge rules that deliver to a queue, and EventBridge rules that deliver to
 * a topic, encrypted with a customer-managed key must be able to use the key (SNS developer
 * guide, "Configure AWS KMS permissions for AWS services"; EventBridge user guide, "Amazon SQS
 * permissions" and "Amazon SNS permissions"), scoped to the sender's ARN.
 */
export function deliveryStatements(ctx: TTfBuildContext, queue: TNode): TTfValue[] {
  if (queue.service.kind !== 'queue' && queue.service.kind !== 'topic') return [];
  const senders = [...ctx.incomingOf(queue, 'data'), ...ctx.incomingOf(queue, 'traffic')].map(
    (e) => e.node,
  );
  return [...new Set(senders)].flatMap((s) => {
    const isTopic = s.service.kind === 'topic';
    if (!isTopic && s.service.kind !== 'event-bus') return [];
    if (isTopic && queue.service.kind === 'topic') return [];
    // A topic encrypted with this same key cannot be named by its ARN (the key would depend on
    // the topic that depends on the key): any topic of the account and region, then.
    const sameKey = isTopic && kmsNodeOf(ctx, s)?.id === kmsNodeOf(ctx, queue)?.id;
    const sourceArn = sameKey
      ? tpl(
          'arn:',
          ref(ctx.data('aws_partition', 'current', {}).address, 'partition'),
          ':sns:',
          ref('var.region'),
          ':',
          ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id'),
          ':*',
        )
      : isTopic
        ? ref(ctx.address(s, 'aws_sns_topic'), 'arn')
        : ref(ctx.address(s, 'aws_cloudwatch_event_rule', `_${queue.local}`), 'arn');
    return [
      obj({
        Sid: `${pascal(s.local)}DeliversTo${pascal(queue.local)}`,
        Effect: 'Allow',
        Principal: obj({ Service: isTopic ? 'sns.amazonaws.com' : 'events.amazonaws.com' }),
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        Resource: '*',
        Condition: obj({
          [sameKey ? 'ArnLike' : 'ArnEquals']: obj({ 'aws:SourceArn': sourceArn }),
        }),
      }),
    ];
  });
}

/**
 * Aurora DSQL uses a customer-managed key as its own service principal, so the key policy must
 * allow it (Aurora DSQL user guide, "Customer managed key policy"), for this account's clusters
 * (a cluster id would make the key depend on the cluster that depends on it).
 */
export function dsqlStatement(ctx: TTfBuildContext): TTfValue {
  return obj({
    Sid: 'AuroraDsqlUsesKeyForThisAccount',
    Effect: 'Allow',
    Principal: obj({ Service: 'dsql.amazonaws.com' }),
    Action: [
      'kms:Encrypt',
      'kms:Decrypt',
      'kms:ReEncrypt*',
      'kms:GenerateDataKey*',
      'kms:DescribeKey',
    ],
    Resource: '*',
    Condition: obj({
      StringEquals: obj({
        'aws:SourceAccount': ref(
          ctx.data('aws_caller_identity', 'current', {}).address,
          'account_id',
        ),
      }),
    }),
  });
}

/** Statements a KMS component's policy needs for the services that use it. */
export function serviceStatements(ctx: TTfBuildContext): TTfValue[] {
  const stores = ctx.incoming('data').map((e) => e.node);
  const out: TTfValue[] = stores.flatMap((s) => deliveryStatements(ctx, s));
  if (stores.some((s) => isAlertTopic(ctx, s))) out.push(CLOUDWATCH_STATEMENT);
  if (stores.some((s) => s.service.kind === 'distributed-sql')) out.push(dsqlStatement(ctx));
  // Log groups encrypted with the key: their own, the access logs of HTTP and WebSocket APIs,
  // the logs of functions, ECS tasks and state machines, the control-plane logs of EKS
  // clusters, the audit logs of Redshift clusters, the tunnel logs of site-to-site VPNs and the
  // application and slow logs of OpenSearch domains.
  const logging = [
    'api-gateway',
    'function',
    'serverless-container',
    'workflow',
    'realtime',
    'log-group',
    'kubernetes',
    'data-warehouse',
    'vpn-gateway',
    'search',
  ];
  if (stores.some((s) => logging.includes(s.service.kind))) {
    out.push(logsStatement(ctx));
  }
  for (const bucket of stores.filter((s) => s.service.kind === 'object-storage')) {
    const cdns = [...ctx.incomingOf(bucket, 'data'), ...ctx.incomingOf(bucket, 'traffic')]
      .map((e) => e.node)
      .filter((n) => n.service.kind === 'cdn');
    for (const cdn of new Set(cdns)) out.push(cloudFrontStatement(ctx, cdn));
  }
  return out;
}

/**
 * CloudWatch Logs encrypts a log group with a customer-managed key only if the key policy lets
 * the regional Logs principal use it (CloudWatch Logs user guide, "Encrypt log data using AWS
 * KMS"), for this account's log groups (naming the group would make a cycle).
 */
export function logsStatement(ctx: TTfBuildContext): TTfValue {
  const partition = ref(ctx.data('aws_partition', 'current', {}).address, 'partition');
  const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
  return obj({
    Sid: 'CloudWatchLogsEncryptsLogGroups',
    Effect: 'Allow',
    Principal: obj({ Service: tpl('logs.', ref('var.region'), '.amazonaws.com') }),
    Action: [
      'kms:Encrypt*',
      'kms:Decrypt*',
      'kms:ReEncrypt*',
      'kms:GenerateDataKey*',
      'kms:Describe*',
    ],
    Resource: '*',
    Condition: obj({
      ArnLike: obj({
        'kms:EncryptionContext:aws:logs:arn': tpl(
          'arn:',
          partition,
          ':logs:',
          ref('var.region'),
          ':',
          account,
          ':log-group:*',
        ),
      }),
    }),
  });
}
