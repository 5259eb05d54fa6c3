import { defineService, type TEdge, type TNode, type TTfBuildContext } from '../service';
import { perDesign } from '../per-design';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { sendersProp } from '../senders';
import {
  block,
  call,
  obj,
  ref,
  tpl,
  type TTfBody,
  type TTfRef,
  type TTfValue,
} from '../../ir/terraform-ir';
import { kmsKeyOf, primaryRef } from './shared';
import { assumeRolePolicy, policyDocument } from './iam';
import { ownTopicKey, subscriber } from './topic-delivery';
import { busesDeliveringTo } from './key-policy';
import { pascal } from '../../build/camel';

/** AWS messaging: SQS queues, SNS topics, EventBridge buses. */

/**
 * Lets `principal` invoke a Lambda function from `sourceArn`. A queue's permission is in the one
 * policy the queue writes for all its senders (queueDeliveryPolicy): a queue has one policy, so
 * one resource per sender would overwrite the others.
 */
function allowDelivery(
  ctx: TTfBuildContext,
  edge: TEdge,
  principal: string,
  sourceArn: TTfRef,
): void {
  if (edge.node.service.kind !== 'function') return;
  ctx.resource('aws_lambda_permission', `${ctx.node.local}_${edge.node.local}`, {
    statement_id: `Allow${principal.split('.')[0]!.toUpperCase()}`,
    action: 'lambda:InvokeFunction',
    function_name: primaryRef(ctx, edge.node, 'function_name'),
    principal,
    source_arn: sourceArn,
  });
}

/**
 * The queue's policy: each topic subscribed to it and each EventBridge rule targeting it may
 * send, from its own ARN only (SNS developer guide, "Subscribing an Amazon SQS queue to an Amazon
 * SNS topic"; EventBridge user guide, "Amazon SQS permissions").
 */
function queueDeliveryPolicy(ctx: TTfBuildContext, queue: TTfRef): void {
  const senders = [...ctx.incoming('traffic'), ...ctx.incoming('data')]
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'topic' || n.service.kind === 'event-bus');
  const statements = [...new Set(senders)].map((sender) => {
    const isTopic = sender.service.kind === 'topic';
    return obj({
      Sid: `${pascal(sender.local)}SendsTo${pascal(ctx.node.local)}`,
      Effect: 'Allow',
      Principal: obj({ Service: isTopic ? 'sns.amazonaws.com' : 'events.amazonaws.com' }),
      Action: 'sqs:SendMessage',
      Resource: ref(queue.address, 'arn'),
      Condition: obj({
        ArnEquals: obj({
          'aws:SourceArn': isTopic
            ? ref(ctx.address(sender, 'aws_sns_topic'), 'arn')
            : ref(ctx.address(sender, 'aws_cloudwatch_event_rule', `_${ctx.node.local}`), 'arn'),
        }),
      }),
    });
  });
  if (statements.length === 0) return;
  ctx.resource('aws_sqs_queue_policy', ctx.node.local, {
    queue_url: ref(queue.address, 'url'),
    policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: statements })),
  });
}

/**
 * EventBridge rules and Scheduler schedules give a FIFO queue a message group id but no
 * deduplication id, which such a queue takes only with content-based deduplication (EventBridge
 * API Reference, Target `SqsParameters`; Scheduler API Reference, `SqsParameters`): without it
 * every delivery was refused. A producer that sends its own deduplication id keeps it.
 */
function dedupesByContent(ctx: TTfBuildContext): boolean {
  return [...ctx.incoming('traffic'), ...ctx.incoming('data')].some(
    (e) => e.node.service.kind === 'event-bus' || e.node.service.kind === 'scheduler',
  );
}

/** What a topic subscribes (functions, queues) or a bus's rules target (topics too). */
const deliveryTargets = (ctx: TTfBuildContext, kinds = ['function', 'queue']) =>
  [...ctx.outgoing('traffic'), ...ctx.outgoing('data')].filter((e) =>
    kinds.includes(e.node.service.kind),
  );

/**
 * The topic's policy where EventBridge rules publish to it: the policy SNS gives a topic (its
 * account may use it: CloudWatch alarms publish under it), and each rule, from its own ARN only
 * (EventBridge user guide, "Amazon SNS permissions"). A topic has one policy, so it is written
 * here for all its senders.
 */
function topicDeliveryPolicy(ctx: TTfBuildContext, topic: TTfRef): void {
  const buses = busesDeliveringTo(ctx, ctx.node);
  if (buses.length === 0) return;
  const arn = ref(topic.address, 'arn');
  const account = ref(ctx.data('aws_caller_identity', 'current', {}).address, 'account_id');
  const owner = obj({
    Sid: 'AccountUsesTopic',
    Effect: 'Allow',
    Principal: obj({ AWS: '*' }),
    Action: [
      'SNS:GetTopicAttributes',
      'SNS:SetTopicAttributes',
      'SNS:AddPermission',
      'SNS:RemovePermission',
      'SNS:DeleteTopic',
      'SNS:Subscribe',
      'SNS:ListSubscriptionsByTopic',
      'SNS:Publish',
    ],
    Resource: arn,
    Condition: obj({ StringEquals: obj({ 'AWS:SourceOwner': account }) }),
  });
  const rules = buses.map((bus) =>
    obj({
      Sid: `${pascal(bus.local)}PublishesTo${pascal(ctx.node.local)}`,
      Effect: 'Allow',
      Principal: obj({ Service: 'events.amazonaws.com' }),
      Action: 'sns:Publish',
      Resource: arn,
      Condition: obj({
        ArnEquals: obj({
          'aws:SourceArn': ref(
            ctx.address(bus, 'aws_cloudwatch_event_rule', `_${ctx.node.local}`),
            'arn',
          ),
        }),
      }),
    }),
  );
  ctx.resource('aws_sns_topic_policy', ctx.node.local, {
    arn,
    policy: call('jsonencode', obj({ Version: '2012-10-17', Statement: [owner, ...rules] })),
  });
}

/** Per design (its node list): the topics every alarm of the design publishes to. */
const designAlertTopics = new WeakMap<readonly TNode[], TNode[]>();

/**
 * The SNS topics an alarm on a dead-letter queue notifies: those of the CloudWatch alarms
 * watching the queue, else those every alarm of the design publishes to. None when the design
 * alerts no one: a topic made here would have no subscriber either.
 */
function deadLetterAlertTopics(ctx: TTfBuildContext): TNode[] {
  const topicsOf = (alarms: readonly TNode[]) => [
    ...new Set(
      alarms.flatMap((a) =>
        ctx
          .outgoingOf(a)
          .filter((e) => e.node.service.kind === 'topic')
          .map((e) => e.node),
      ),
    ),
  ];
  const watching = ctx
    .incoming()
    .filter((e) => e.node.service.kind === 'alarm')
    .map((e) => e.node);
  const own = topicsOf(watching);
  if (own.length > 0) return own;
  return perDesign(designAlertTopics, ctx, (nodes) =>
    topicsOf(nodes.filter((n) => n.service.kind === 'alarm')),
  );
}

/**
 * An alarm on the messages waiting in a dead-letter queue, to the design's alert topics: SQS
 * moves a message there after maxReceiveCount failed receives and tells no one, and the
 * alarms a design draws watch the source queue's age, which the move brings down. Missing data
 * keeps the state: SQS publishes the metrics of active queues only, so an untouched dead-letter
 * queue's go missing, which, taken as not breaching, would clear the alarm while its messages
 * are still there.
 */
export function deadLetterAlarm(ctx: TTfBuildContext, dlq: TTfRef): void {
  const topics = deadLetterAlertTopics(ctx).map((t) => ref(ctx.address(t, 'aws_sns_topic'), 'arn'));
  if (topics.length === 0) return;
  ctx.resource('aws_cloudwatch_metric_alarm', `${ctx.node.local}_dlq`, {
    alarm_name: ctx.name('dlq'),
    alarm_description: `Messages in the dead-letter queue of ${ctx.node.name}`,
    namespace: 'AWS/SQS',
    metric_name: 'ApproximateNumberOfMessagesVisible',
    statistic: 'Maximum',
    period: 300,
    evaluation_periods: 1,
    threshold: 0,
    comparison_operator: 'GreaterThanThreshold',
    treat_missing_data: 'ignore',
    dimensions: obj({ QueueName: ref(dlq.address, 'name') }),
    alarm_actions: topics,
    ok_actions: topics,
    tags: ctx.tags(),
  });
}

export const awsSqs = defineService({
  id: 'aws.sqs',
  cloud: 'aws',
  kind: 'queue',
  name: 'SQS queue',
  category: 'messaging',
  description:
    'Message queue with server-side encryption and an optional dead-letter queue, whose messages raise an alarm to the alert topics of the design.',
  icon: 'aws-sqs',
  properties: [
    boolProp('fifo', 'FIFO', false),
    numProp('visibilityTimeout', 'Visibility timeout (s)', 30, 0, 43200),
    numProp('retention', 'Retention (s)', 345600, 60, 1209600),
    boolProp('deadLetter', 'Dead-letter queue', true),
    numProp('maxReceiveCount', 'Receives before dead-letter', 5, 1, 1000),
    sendersProp('no Lambda trigger, sqs:SendMessage only'),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'sqs' },
  emits: { terraform: ['aws_sqs_queue', 'aws_sqs_queue_policy', 'aws_cloudwatch_metric_alarm'] },
  dataActions: [
    'sqs:SendMessage',
    'sqs:ReceiveMessage',
    'sqs:DeleteMessage',
    'sqs:GetQueueAttributes',
  ],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const fifo = ctx.value<boolean>('fifo');
    const name = (suffix?: string) => (fifo ? tpl(ctx.name(suffix), '.fifo') : ctx.name(suffix));
    const key = kmsKeyOf(ctx, 'key_id');
    const encryption: TTfBody = key
      ? { kms_master_key_id: key }
      : { sqs_managed_sse_enabled: true };
    const dlq = ctx.value<boolean>('deadLetter')
      ? ctx.resource('aws_sqs_queue', `${local}_dlq`, {
          name: name('dlq'),
          fifo_queue: fifo,
          message_retention_seconds: 1209600,
          ...encryption,
          tags: ctx.tags(),
        })
      : undefined;
    const queue = ctx.resource('aws_sqs_queue', local, {
      name: name(),
      fifo_queue: fifo,
      ...(fifo && dedupesByContent(ctx) ? { content_based_deduplication: true } : {}),
      visibility_timeout_seconds: ctx.prop('visibilityTimeout'),
      message_retention_seconds: ctx.prop('retention'),
      ...encryption,
      ...(dlq
        ? {
            redrive_policy: call(
              'jsonencode',
              obj({
                deadLetterTargetArn: ref(dlq.address, 'arn'),
                maxReceiveCount: ctx.value<number>('maxReceiveCount'),
              }),
            ),
          }
        : {}),
      tags: ctx.tags(),
    });
    queueDeliveryPolicy(ctx, queue);
    if (dlq) deadLetterAlarm(ctx, dlq);
    ctx.output('queue_url', `URL of queue ${ctx.node.name}`, ref(queue.address, 'url'));
  },
});

export const awsSns = defineService({
  id: 'aws.sns',
  cloud: 'aws',
  kind: 'topic',
  name: 'SNS topic',
  category: 'messaging',
  description: 'Pub/sub topic; subscribes the queues and functions it sends to.',
  icon: 'aws-sns',
  properties: [
    strProp('displayName', 'Display name', ''),
    enumProp('subscriptionProtocol', 'Notify by', ['email', 'https'], 'email'),
    strProp(
      'subscriptionEndpoint',
      'Notify (e-mail address or https:// URL)',
      '',
      'Who receives the messages, for example the on-call address of alarm notifications. E-mail subscriptions stay pending until the recipient confirms them.',
    ),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'sns' },
  emits: {
    terraform: [
      'aws_sns_topic',
      'aws_sns_topic_policy',
      'aws_sns_topic_subscription',
      'aws_kms_key',
      'aws_kms_alias',
    ],
  },
  dataActions: ['sns:Publish'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const key = kmsKeyOf(ctx, 'key_id') ?? ownTopicKey(ctx);
    const topic = ctx.resource('aws_sns_topic', local, {
      name: ctx.name(),
      ...(ctx.value('displayName') ? { display_name: ctx.prop('displayName') } : {}),
      kms_master_key_id: key ?? 'alias/aws/sns',
      tags: ctx.tags(),
    });
    topicDeliveryPolicy(ctx, topic);
    subscriber(ctx, ref(topic.address, 'arn'));
    for (const edge of deliveryTargets(ctx)) {
      const isQueue = edge.node.service.kind === 'queue';
      ctx.resource('aws_sns_topic_subscription', `${local}_${edge.node.local}`, {
        topic_arn: ref(topic.address, 'arn'),
        protocol: isQueue ? 'sqs' : 'lambda',
        endpoint: primaryRef(ctx, edge.node, 'arn'),
      });
      allowDelivery(ctx, edge, 'sns.amazonaws.com', ref(topic.address, 'arn'));
    }
    ctx.output('topic_arn', `ARN of topic ${ctx.node.name}`, ref(topic.address, 'arn'));
  },
});

export const awsEventBridge = defineService({
  id: 'aws.eventbridge',
  cloud: 'aws',
  kind: 'event-bus',
  name: 'EventBridge bus',
  category: 'messaging',
  description:
    'Custom event bus with a rule and target for each consumer (function, queue or SNS topic); events a target cannot take go to a dead-letter queue, whose messages raise an alarm to the alert topics of the design.',
  icon: 'aws-eventbridge',
  properties: [strProp('source', 'Event source matched by rules', 'app.orders')],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'evb' },
  emits: {
    terraform: [
      'aws_cloudwatch_event_bus',
      'aws_cloudwatch_event_rule',
      'aws_cloudwatch_event_target',
      'aws_iam_role',
      'aws_iam_role_policy',
      'aws_sqs_queue',
      'aws_sqs_queue_policy',
      'aws_cloudwatch_metric_alarm',
    ],
  },
  dataActions: ['events:PutEvents'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const bus = ctx.resource('aws_cloudwatch_event_bus', local, {
      name: ctx.name(),
      tags: ctx.tags(),
    });
    const busName: TTfBody = { event_bus_name: ref(bus.address, 'name') };
    const pattern = call('jsonencode', obj({ source: [ctx.value('source')] }));
    // AWS services send their events to the account's default bus only ("Events from AWS
    // services", EventBridge User Guide): a rule there forwards the connected buckets' to this bus.
    const buckets = ctx.incoming('data').filter((e) => e.node.service.id === 'aws.s3');
    const targets = deliveryTargets(ctx, ['function', 'queue', 'topic']);
    const dlq = targets.length > 0 || buckets.length > 0 ? eventDeadLetterQueue(ctx) : undefined;
    const rules: TTfRef[] = [];
    if (buckets.length > 0)
      rules.push(forwardFromDefaultBus(ctx, bus, bucketEvents(ctx, buckets), dlq!));
    for (const edge of targets) {
      const rule = ctx.resource('aws_cloudwatch_event_rule', `${local}_${edge.node.local}`, {
        name: ctx.name(edge.node.name),
        ...busName,
        event_pattern: pattern,
        tags: ctx.tags(),
      });
      rules.push(rule);
      ctx.resource('aws_cloudwatch_event_target', `${local}_${edge.node.local}`, {
        rule: ref(rule.address, 'name'),
        ...busName,
        arn: primaryRef(ctx, edge.node, 'arn'),
        // FIFO queues only accept messages with a group id.
        ...(edge.node.properties['fifo'] === true
          ? { sqs_target: block({ message_group_id: ctx.node.name }) }
          : {}),
        dead_letter_config: block({ arn: ref(dlq!.address, 'arn') }),
      });
      allowDelivery(ctx, edge, 'events.amazonaws.com', ref(rule.address, 'arn'));
    }
    if (dlq) eventDeadLetterPolicy(ctx, dlq, rules);
    ctx.output(
      'bus_name',
      `Name of bus ${ctx.node.name}`,
      bus ? ref(bus.address, 'name') : 'default',
    );
  },
});

/**
 * Where a bus's rules put the events they could not deliver: EventBridge retries a target for
 * 24 hours and 185 attempts, then drops the event, and drops it at once on an error it does not
 * retry (a permission refused, a target deleted), telling no one ("Using dead-letter queues to
 * process undelivered events", EventBridge user guide). A standard queue (EventBridge takes no
 * FIFO one), kept 14 days, with the alarm of an SQS dead-letter queue.
 */
function eventDeadLetterQueue(ctx: TTfBuildContext): TTfRef {
  const dlq = ctx.resource('aws_sqs_queue', `${ctx.node.local}_dlq`, {
    name: ctx.name('dlq'),
    message_retention_seconds: 1209600,
    sqs_managed_sse_enabled: true,
    tags: ctx.tags(),
  });
  deadLetterAlarm(ctx, dlq);
  return dlq;
}

/** EventBridge sends to a dead-letter queue as itself: the queue admits the bus's rules only. */
function eventDeadLetterPolicy(ctx: TTfBuildContext, dlq: TTfRef, rules: readonly TTfRef[]): void {
  ctx.resource('aws_sqs_queue_policy', `${ctx.node.local}_dlq`, {
    queue_url: ref(dlq.address, 'url'),
    policy: call(
      'jsonencode',
      obj({
        Version: '2012-10-17',
        Statement: [
          obj({
            Sid: 'RulesOfThisBusDeadLetter',
            Effect: 'Allow',
            Principal: obj({ Service: 'events.amazonaws.com' }),
            Action: 'sqs:SendMessage',
            Resource: ref(dlq.address, 'arn'),
            Condition: obj({
              ArnEquals: obj({ 'aws:SourceArn': rules.map((r) => ref(r.address, 'arn')) }),
            }),
          }),
        ],
      }),
    ),
  });
}

/**
 * A rule on the default bus sending the bus's events to it, as a role EventBridge assumes that
 * may put events on this bus only ("Sending and receiving events between event buses"). An event
 * it cannot put (the role's policy refused, the bus throttled past its retries) goes to the bus's
 * dead-letter queue like its own rules' ("Using dead-letter queues to process undelivered events":
 * any target but an API destination, an event bus included).
 */
function forwardFromDefaultBus(
  ctx: TTfBuildContext,
  bus: TTfRef,
  pattern: TTfValue,
  dlq: TTfRef,
): TTfRef {
  const local = ctx.node.local;
  const role = ctx.resource('aws_iam_role', `${local}_forward`, {
    name: ctx.name('forward', 'aws-generic'),
    assume_role_policy: assumeRolePolicy('events.amazonaws.com'),
    tags: ctx.tags(),
  });
  ctx.resource('aws_iam_role_policy', `${local}_forward`, {
    name: 'put-events',
    role: ref(role.address, 'id'),
    policy: policyDocument([
      obj({ Effect: 'Allow', Action: ['events:PutEvents'], Resource: [ref(bus.address, 'arn')] }),
    ]),
  });
  const rule = ctx.resource('aws_cloudwatch_event_rule', `${local}_forward`, {
    name: ctx.name('forward'),
    event_pattern: pattern,
    tags: ctx.tags(),
  });
  ctx.resource('aws_cloudwatch_event_target', `${local}_forward`, {
    rule: ref(rule.address, 'name'),
    arn: ref(bus.address, 'arn'),
    role_arn: ref(role.address, 'arn'),
    dead_letter_config: block({ arn: ref(dlq.address, 'arn') }),
  });
  return rule;
}

/** Object-created events of these buckets (each sends its events to EventBridge, storage.ts). */
function bucketEvents(ctx: TTfBuildContext, buckets: readonly TEdge[]): TTfValue {
  return call(
    'jsonencode',
    obj({
      source: ['aws.s3'],
      'detail-type': ['Object Created'],
      detail: obj({ bucket: obj({ name: buckets.map((e) => primaryRef(ctx, e.node, 'id')) }) }),
    }),
  );
}
