import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp, listProp, numProp } from '../properties';
import { block, call, obj, ref, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import { compartment, primary } from './shared';
import { designAlertTopicsOf, subscriptionProperties, topicSubscriber } from './topic-subscriber';

/**
 * OCI platform services: Queue, Notifications, Events, Logging, Monitoring alarms (API Gateway:
 * api-gateway.ts).
 */
export const ociQueue = defineService({
  id: 'oci.queue',
  cloud: 'oci',
  kind: 'queue',
  name: 'Queue',
  category: 'messaging',
  description:
    'Queue with retention, visibility timeout and dead-letter delivery count; a traffic connection to a function invokes it with the messages (a Connector Hub connector).',
  icon: 'oci-queue',
  properties: [
    numProp('retentionSeconds', 'Retention (s)', 86400, 10, 604800),
    numProp('visibilitySeconds', 'Visibility timeout (s)', 30, 0, 43200),
    numProp('deadLetterCount', 'Deliveries before dead-letter', 5, 0, 20),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'q' },
  emits: { terraform: ['oci_queue_queue'] },
  terraform: (ctx) => {
    const q = ctx.resource('oci_queue_queue', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      retention_in_seconds: ctx.prop('retentionSeconds'),
      visibility_in_seconds: ctx.prop('visibilitySeconds'),
      dead_letter_queue_delivery_count: ctx.prop('deadLetterCount'),
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'messages_endpoint',
      `Endpoint of ${ctx.node.name}`,
      ref(q.address, 'messages_endpoint'),
    );
  },
});

export const ociTopic = defineService({
  id: 'oci.notification-topic',
  cloud: 'oci',
  kind: 'topic',
  name: 'Notifications topic',
  category: 'messaging',
  description:
    'Notifications service topic; notifies the e-mail address or HTTPS URL of its subscription.',
  icon: 'oci-notifications',
  properties: subscriptionProperties,
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'ons' },
  emits: { terraform: ['oci_ons_notification_topic', 'oci_ons_subscription'] },
  terraform: (ctx) => {
    const topic = ctx.resource('oci_ons_notification_topic', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name(undefined, 'oci-topic'),
      description: `Topic ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    topicSubscriber(ctx, ref(topic.address, 'id'));
    ctx.output('topic_id', `OCID of topic ${ctx.node.name}`, ref(topic.address, 'topic_id'));
  },
});

export const ociLogGroup = defineService({
  id: 'oci.log-group',
  cloud: 'oci',
  kind: 'log-group',
  name: 'Logging log group',
  category: 'monitoring',
  description:
    'Log group for service and custom logs, with a custom log its connected workloads write to (Logging Ingestion).',
  icon: 'oci-logging',
  properties: [],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'log' },
  emits: { terraform: ['oci_logging_log_group', 'oci_logging_log'] },
  terraform: (ctx) => {
    const group = ctx.resource('oci_logging_log_group', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      description: `Logs of ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    // Code writes with Logging Ingestion's PutLogs, which takes a custom log's OCID, not a
    // group's: without one, the `use log-content` its principal is granted wrote nowhere and a
    // connector reading the group found nothing ("Custom Logs", Logging docs).
    const log = ctx.resource('oci_logging_log', ctx.node.local, {
      display_name: ctx.name('app'),
      log_group_id: ref(group.address, 'id'),
      log_type: 'CUSTOM',
      is_enabled: true,
      retention_duration: 30,
      freeform_tags: ctx.tags(),
    });
    ctx.output('log_group_id', `OCID of ${ctx.node.name}`, ref(group.address, 'id'));
    ctx.output(
      'log_id',
      `OCID of the custom log of ${ctx.node.name} (Logging Ingestion PutLogs)`,
      ref(log.address, 'id'),
    );
  },
});

/**
 * Topics of the node's connections, else (`alerts`: an alarm) the design's alert topics, else a
 * topic of its own (alarms and rules need one), which nothing subscribes to: the alert-delivery
 * rule warns of it.
 */
function topicsOrOwn(ctx: TTfBuildContext, alerts = false): TTfValue[] {
  const connected = ctx
    .outgoing()
    .filter((e) => e.node.service.kind === 'topic')
    .map((e) => e.node);
  const topics = connected.length > 0 || !alerts ? connected : designAlertTopicsOf(ctx);
  if (topics.length > 0)
    return topics.map((t) => ref(ctx.address(t, 'oci_ons_notification_topic'), 'id'));
  const own = ctx.resource('oci_ons_notification_topic', ctx.node.local, {
    compartment_id: compartment(),
    name: ctx.name('topic', 'oci-topic'),
    description: `Notifications of ${ctx.node.name}`,
    freeform_tags: ctx.tags(),
  });
  return [ref(own.address, 'id')];
}

/**
 * Events delivers to its actions as a service principal, which may do nothing until a policy lets
 * it ("Allow the Events Service to Deliver Events to Action Resources", OCI Events docs): without
 * one the rule matches and every delivery is refused, visible only in the rule's metrics. The
 * rule waits for the policy, so the first events are not refused while it propagates.
 */
function deliveryPolicy(ctx: TTfBuildContext, toFunctions: boolean, toTopics: boolean): string {
  const allow = (what: string) =>
    tpl(`Allow service cloudEvents to ${what} in compartment id `, compartment());
  const policy = ctx.resource('oci_identity_policy', `${ctx.node.local}_delivery`, {
    compartment_id: compartment(),
    name: ctx.name('delivery', 'oci-iam'),
    description: `Events may deliver what rule ${ctx.node.name} matches to its actions`,
    statements: [
      ...(toFunctions ? [allow('use fn-function'), allow('use fn-invocation')] : []),
      ...(toTopics ? [allow('use ons-topics')] : []),
    ],
    freeform_tags: ctx.tags(),
  });
  return policy.address;
}

export const ociEventsRule = defineService({
  id: 'oci.events-rule',
  cloud: 'oci',
  kind: 'event-bus',
  name: 'Events rule',
  category: 'messaging',
  description:
    'Events rule on event types (filtered on the buckets it watches) that notifies topics and invokes functions it is connected to.',
  icon: 'oci-events',
  properties: [
    listProp('eventTypes', 'Event types', ['com.oraclecloud.objectstorage.createobject']),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'evt' },
  emits: { terraform: ['oci_events_rule', 'oci_ons_notification_topic', 'oci_identity_policy'] },
  terraform: (ctx) => {
    const out = ctx.outgoing();
    const buckets = out.filter((e) => e.node.service.kind === 'object-storage');
    const functions = out.filter((e) => e.node.service.kind === 'function');
    const actions: TTfBlock[] = functions.map((e) =>
      block({
        action_type: 'FAAS',
        is_enabled: true,
        function_id: ref(ctx.address(e.node, 'oci_functions_function'), 'id'),
      }),
    );
    if (actions.length === 0 || out.some((e) => e.node.service.kind === 'topic')) {
      for (const topic of topicsOrOwn(ctx))
        actions.push(block({ action_type: 'ONS', is_enabled: true, topic_id: topic }));
    }
    const condition = obj({
      eventType: ctx.value<string[]>('eventTypes'),
      ...(buckets.length > 0
        ? {
            data: obj({
              additionalDetails: obj({
                bucketName: buckets.map((b) => primary(ctx, b.node, 'name')),
              }),
            }),
          }
        : {}),
    });
    const rule = ctx.resource(
      'oci_events_rule',
      ctx.node.local,
      {
        compartment_id: compartment(),
        display_name: ctx.name(),
        description: `Events rule ${ctx.node.name}`,
        condition: call('jsonencode', condition),
        is_enabled: true,
        freeform_tags: ctx.tags(),
        actions: block({ actions }),
      },
      [deliveryPolicy(ctx, functions.length > 0, actions.length > functions.length)],
    );
    ctx.output('rule_id', `OCID of ${ctx.node.name}`, ref(rule.address, 'id'));
  },
});

/** Monitoring metric (namespace, metric, dimension, statistic) of a watched component. */
function metricOf(
  ctx: TTfBuildContext,
  target: TNode | undefined,
): { namespace: string; query: (stat: string, interval: string) => TTfValue } | undefined {
  if (!target) return undefined;
  const q = (namespace: string, metric: string, dim: string, id: TTfValue, extra = '') => ({
    namespace,
    query: (stat: string, interval: string) =>
      tpl(`${metric}[${interval}]{${dim} = "`, id, `"${extra}}.${stat}()`),
  });
  const id = primary(ctx, target, 'id');
  switch (target.service.kind) {
    case 'vm':
      return q('oci_computeagent', 'CpuUtilization', 'resourceId', id);
    case 'autoscaling-group':
      return q('oci_computeagent', 'CpuUtilization', 'instancePoolId', id);
    case 'load-balancer':
      return q('oci_lbaas', 'HttpResponses5xx', 'resourceId', id);
    case 'function':
      return q('oci_faas', 'FunctionResponseCount', 'resourceId', id, ', responseType = "Error"');
    case 'queue':
      return q('oci_queue', 'MessagesInQueueCount', 'resourceId', id);
    case 'mysql':
      return q('oci_mysql_database', 'CPUUtilization', 'resourceId', id);
    case 'postgresql':
      return q('oci_postgresql', 'CpuUtilization', 'resourceId', id);
    // 1 while the targets answer, 0 when they do not ("Health Checks Metrics").
    case 'health-check':
      return q('oci_healthchecks', 'HTTP.isHealthy', 'resourceId', id);
    default:
      return undefined;
  }
}

export const ociAlarm = defineService({
  id: 'oci.monitoring-alarm',
  cloud: 'oci',
  kind: 'alarm',
  name: 'Monitoring alarm',
  category: 'monitoring',
  description:
    'Metric alarm (MQL query) on the component it watches; notifies the topics it is connected to, else the topics the other alarms of the design notify.',
  icon: 'oci-monitoring',
  properties: [
    enumProp('operator', 'Comparison', ['>', '>=', '<', '<='], '>'),
    numProp('threshold', 'Threshold', 80, 0, 1e9),
    enumProp('statistic', 'Statistic', ['mean', 'max', 'min', 'sum', 'count'], 'mean'),
    enumProp('interval', 'Interval', ['1m', '5m', '15m', '1h'], '1m'),
    enumProp('pending', 'Pending duration', ['PT1M', 'PT5M', 'PT15M', 'PT1H'], 'PT5M'),
    enumProp('severity', 'Severity', ['CRITICAL', 'ERROR', 'WARNING', 'INFO'], 'CRITICAL'),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'alarm' },
  emits: { terraform: ['oci_monitoring_alarm', 'oci_ons_notification_topic'] },
  terraform: (ctx) => {
    const watched = ctx.outgoing().find((e) => e.node.service.kind !== 'topic')?.node;
    const metric = metricOf(ctx, watched) ?? {
      namespace: 'oci_computeagent',
      query: (stat: string, interval: string) => `CpuUtilization[${interval}].${stat}()`,
    };
    const query = tpl(
      metric.query(ctx.value('statistic'), ctx.value('interval')),
      ` ${ctx.value('operator')} `,
      ctx.prop('threshold'),
    );
    ctx.resource('oci_monitoring_alarm', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      metric_compartment_id: compartment(),
      namespace: metric.namespace,
      query,
      severity: ctx.prop('severity'),
      pending_duration: ctx.prop('pending'),
      is_enabled: true,
      body: watched ? `Alarm on ${watched.name}` : 'Alarm',
      destinations: topicsOrOwn(ctx, true),
      message_format: 'ONS_OPTIMIZED',
      freeform_tags: ctx.tags(),
    });
  },
});
