import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { perDesign } from '../per-design';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { ALERT_API, watchedBy } from './metric-alert';
import { rgName } from './shared';

/**
 * An alert on a Service Bus queue's or topic's dead letters, to the design's action groups.
 * Service Bus moves a message to the dead-letter subqueue after maxDeliveryCount failed
 * deliveries, or when it expires, and tells no one; nothing removes it from there
 * (learn.microsoft.com/azure/service-bus-messaging/service-bus-dead-letter-queues). AWS and GCP
 * queues alert the same way (aws/messaging.ts `deadLetterAlarm`, gcp/dead-letter.ts).
 *
 * DeadletteredMessages is the namespace's count of the messages in an entity's dead-letter
 * subqueues (its subscriptions' for a topic), by EntityName: its maximum above 0 over 5 minutes,
 * evaluated every minute, fires while one is waiting and resolves once they are received.
 * https://learn.microsoft.com/azure/azure-monitor/reference/supported-metrics/microsoft-servicebus-namespaces-metrics
 */
const METRIC = {
  namespace: 'Microsoft.ServiceBus/namespaces',
  name: 'DeadletteredMessages',
  aggregation: 'Maximum',
  operator: 'GreaterThan',
  threshold: 0,
  window: 'PT5M',
  frequency: 'PT1M',
  severity: 2,
} as const;

const isMetricAlert = (n: TNode): boolean => n.service.id === 'azure.metric-alert';

/** Per design (its node list): its metric alerts, found once for every queue and topic. */
const designAlerts = new WeakMap<readonly TNode[], readonly TNode[]>();

/**
 * The metric alerts whose action groups this entity's dead letters notify: those connected to
 * it, else every metric alert of the design; none when the design has no metric alert (no action
 * group, so nobody to notify). None either when one of them already watches it (its first
 * connection with a metric, metric-alert.ts): that alert is on DeadletteredMessages of this
 * namespace, at the threshold its author chose, and a second alert on the same metric would
 * notify twice for one dead letter. A connected alert that watches another component (a VM drawn
 * first) does not cover it, and is whom its author meant to tell.
 */
export function deadLetterAlerts(ctx: TTfBuildContext | TArmBuildContext): readonly TNode[] {
  const connected = ctx
    .incoming()
    .map((e) => e.node)
    .filter(isMetricAlert);
  if (connected.some((a) => watchedBy(ctx.outgoingOf(a))?.id === ctx.node.id)) return [];
  if (connected.length > 0) return [...new Map(connected.map((a) => [a.id, a])).values()];
  return perDesign(designAlerts, ctx, (nodes) => nodes.filter(isMetricAlert));
}

/** A topic's dead letters wait in each subscription's own dead-letter subqueue. */
const describe = (node: TNode) =>
  `Dead-lettered messages in ${node.name}: their deliveries failed maxDeliveryCount times or they expired. Receive them from ${node.service.kind === 'topic' ? "its subscriptions' dead-letter subqueues" : 'its dead-letter subqueue'}, fix the cause, send them again.`;

/** Terraform: the alert on the namespace at `nsAddress`, if anyone is to be told. */
export function tfDeadLetterAlert(ctx: TTfBuildContext, nsAddress: string): void {
  const alerts = deadLetterAlerts(ctx);
  if (alerts.length === 0) return;
  ctx.resource('azurerm_monitor_metric_alert', `${ctx.node.local}_dlq`, {
    name: ctx.name('dlq'),
    resource_group_name: rgName(),
    scopes: [ref(nsAddress, 'id')],
    description: describe(ctx.node),
    severity: METRIC.severity,
    frequency: METRIC.frequency,
    window_size: METRIC.window,
    tags: ctx.tags(),
    criteria: block({
      metric_namespace: METRIC.namespace,
      metric_name: METRIC.name,
      aggregation: METRIC.aggregation,
      operator: METRIC.operator,
      threshold: METRIC.threshold,
      dimension: block({ name: 'EntityName', operator: 'Include', values: [ctx.node.name] }),
    }),
    action: alerts.map((a) =>
      block({ action_group_id: ref(ctx.address(a, 'azurerm_monitor_action_group'), 'id') }),
    ),
  });
}

/** ARM and Bicep: the same alert on the namespace `ns` (its symbol). */
export function armDeadLetterAlert(ctx: TArmBuildContext, ns: string): void {
  const alerts = deadLetterAlerts(ctx);
  if (alerts.length === 0) return;
  ctx.resource({
    symbol: ctx.symbol(ctx.node, 'DeadLetterAlert'),
    type: 'Microsoft.Insights/metricAlerts',
    apiVersion: ALERT_API,
    name: ctx.name('dlq'),
    body: {
      location: 'global',
      tags: ctx.tags(),
      properties: {
        description: describe(ctx.node),
        severity: METRIC.severity,
        enabled: true,
        scopes: [aref(ns, 'id')],
        evaluationFrequency: METRIC.frequency,
        windowSize: METRIC.window,
        criteria: {
          'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
          allOf: [
            {
              criterionType: 'StaticThresholdCriterion',
              name: 'deadLetters',
              metricNamespace: METRIC.namespace,
              metricName: METRIC.name,
              dimensions: [{ name: 'EntityName', operator: 'Include', values: [ctx.node.name] }],
              operator: METRIC.operator,
              threshold: METRIC.threshold,
              timeAggregation: METRIC.aggregation,
            },
          ],
        },
        // The action group a metric alert declares (metric-alert.ts), another module's in Bicep.
        actions: alerts.map((a) => ({ actionGroupId: aref(ctx.symbol(a, 'Actions'), 'id') })),
      },
    },
  });
}
