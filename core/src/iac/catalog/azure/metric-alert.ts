import { defineService, type TNode } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { rgName } from './shared';

/** Azure Monitor metric alerts. */
export const ALERT_API = '2018-03-01';
/** Metric watched on each kind of target: ARM namespace, metric, primary Terraform type. */
const METRICS: Readonly<Record<string, { ns: string; metric: string; tf: string }>> = {
  vm: {
    ns: 'Microsoft.Compute/virtualMachines',
    metric: 'Percentage CPU',
    tf: 'azurerm_linux_virtual_machine',
  },
  kubernetes: {
    ns: 'Microsoft.ContainerService/managedClusters',
    metric: 'node_cpu_usage_percentage',
    tf: 'azurerm_kubernetes_cluster',
  },
  postgresql: {
    ns: 'Microsoft.DBforPostgreSQL/flexibleServers',
    metric: 'cpu_percent',
    tf: 'azurerm_postgresql_flexible_server',
  },
  mysql: {
    ns: 'Microsoft.DBforMySQL/flexibleServers',
    metric: 'cpu_percent',
    tf: 'azurerm_mysql_flexible_server',
  },
  queue: {
    ns: 'Microsoft.ServiceBus/namespaces',
    metric: 'DeadletteredMessages',
    tf: 'azurerm_servicebus_namespace',
  },
  // A topic's namespace publishes the same metric, its subscriptions' dead letters counted under
  // the topic's EntityName: an alert connected to a topic watched nothing.
  // https://learn.microsoft.com/azure/azure-monitor/reference/supported-metrics/microsoft-servicebus-namespaces-metrics
  topic: {
    ns: 'Microsoft.ServiceBus/namespaces',
    metric: 'DeadletteredMessages',
    tf: 'azurerm_servicebus_namespace',
  },
  nosql: {
    ns: 'Microsoft.DocumentDB/databaseAccounts',
    metric: 'NormalizedRUConsumption',
    tf: 'azurerm_cosmosdb_account',
  },
};

/** What a metric alert watches: the first component it connects to that has a metric here. */
export const watchedBy = (outgoing: readonly { node: TNode }[]): TNode | undefined =>
  outgoing.find((e) => METRICS[e.node.service.kind] !== undefined)?.node;

const watchedOf = (ctx: { outgoing(): { node: TNode }[] }) => watchedBy(ctx.outgoing());

export const azureMetricAlert = defineService({
  id: 'azure.metric-alert',
  cloud: 'azure',
  kind: 'alarm',
  name: 'Metric alert',
  category: 'monitoring',
  description:
    'Azure Monitor metric alert on the component it watches (CPU, dead letters, RU use), e-mailing an action group.',
  icon: 'azure-monitor-alert',
  properties: [
    enumProp(
      'operator',
      'Operator',
      ['GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual'],
      'GreaterThan',
    ),
    numProp('threshold', 'Threshold', 80, 0, 1e9),
    enumProp(
      'aggregation',
      'Aggregation',
      ['Average', 'Maximum', 'Minimum', 'Total', 'Count'],
      'Average',
    ),
    enumProp('window', 'Window', ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H'], 'PT5M'),
    enumProp(
      'frequency',
      'Evaluation frequency',
      ['PT1M', 'PT5M', 'PT15M', 'PT30M', 'PT1H'],
      'PT1M',
    ),
    numProp('severity', 'Severity (0 critical - 4 verbose)', 2, 0, 4),
    strProp('email', 'Notify e-mail', 'ops@example.com'),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'alert' },
  emits: {
    terraform: ['azurerm_monitor_metric_alert', 'azurerm_monitor_action_group'],
    arm: [
      { type: 'Microsoft.Insights/metricAlerts', apiVersion: ALERT_API },
      { type: 'Microsoft.Insights/actionGroups', apiVersion: '2023-01-01' },
    ],
  },
  terraform: (ctx) => {
    const watched = watchedOf(ctx);
    const group = ctx.resource('azurerm_monitor_action_group', ctx.node.local, {
      name: ctx.name('ag'),
      resource_group_name: rgName(),
      short_name: ctx.node.name.slice(0, 12),
      tags: ctx.tags(),
      email_receiver: block({
        name: 'ops',
        email_address: ctx.prop('email'),
        use_common_alert_schema: true,
      }),
    });
    // Nothing measurable watched (validation warns): the action group alone, no alert.
    if (!watched) return;
    const m = METRICS[watched.service.kind]!;
    ctx.resource('azurerm_monitor_metric_alert', ctx.node.local, {
      name: ctx.name(),
      resource_group_name: rgName(),
      scopes: [ref(ctx.address(watched, m.tf), 'id')],
      description: `${m.metric} of ${watched.name}`,
      severity: ctx.prop('severity'),
      frequency: ctx.prop('frequency'),
      window_size: ctx.prop('window'),
      tags: ctx.tags(),
      criteria: block({
        metric_namespace: m.ns,
        metric_name: m.metric,
        aggregation: ctx.prop('aggregation'),
        operator: ctx.prop('operator'),
        threshold: ctx.prop('threshold'),
      }),
      action: block({ action_group_id: ref(group.address, 'id') }),
    });
  },
  arm: (ctx) => {
    const watched = watchedOf(ctx);
    const base = ctx.symbol(ctx.node);
    const group = ctx.resource({
      symbol: `${base}Actions`,
      type: 'Microsoft.Insights/actionGroups',
      apiVersion: '2023-01-01',
      name: ctx.name('ag'),
      body: {
        location: 'global',
        tags: ctx.tags(),
        properties: {
          groupShortName: ctx.node.name.slice(0, 12),
          enabled: true,
          emailReceivers: [
            { name: 'ops', emailAddress: ctx.prop('email'), useCommonAlertSchema: true },
          ],
        },
      },
    });
    if (!watched) return;
    const m = METRICS[watched.service.kind]!;
    ctx.resource({
      symbol: base,
      type: 'Microsoft.Insights/metricAlerts',
      apiVersion: ALERT_API,
      name: ctx.name(),
      body: {
        location: 'global',
        tags: ctx.tags(),
        properties: {
          description: `${m.metric} of ${watched.name}`,
          severity: ctx.prop('severity'),
          enabled: true,
          scopes: [aref(ctx.symbol(watched), 'id')],
          evaluationFrequency: ctx.prop('frequency'),
          windowSize: ctx.prop('window'),
          criteria: {
            'odata.type': 'Microsoft.Azure.Monitor.SingleResourceMultipleMetricCriteria',
            allOf: [
              {
                criterionType: 'StaticThresholdCriterion',
                name: 'metric',
                metricNamespace: m.ns,
                metricName: m.metric,
                operator: ctx.prop('operator'),
                threshold: ctx.prop('threshold'),
                timeAggregation: ctx.prop('aggregation'),
              },
            ],
          },
          actions: [{ actionGroupId: aref(group, 'id') }],
        },
      },
    });
  },
});
