import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * Service Bus queues and topic subscriptions dead-letter a message after maxDeliveryCount failed
 * deliveries, or on expiry, and told no one: the only alert was a metric alert drawn to the queue
 * by hand. Each queue and topic now alerts on its dead letters to the design's action groups, as
 * AWS and GCP queues do.
 *
 * `cpu` watches the VM; `ops` is connected to the VM first (which it watches) and to `orders`;
 * `audit` is connected to the topic `events`, which it now watches (it watched nothing).
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'web', service: 'azure.linux-vm', name: 'web', group: 'sn-0' },
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
    { id: 'orders', service: 'azure.service-bus-queue', name: 'orders' },
    { id: 'events', service: 'azure.service-bus-topic', name: 'events' },
    { id: 'cpu', service: 'azure.metric-alert', name: 'cpu' },
    { id: 'ops', service: 'azure.metric-alert', name: 'ops' },
    {
      id: 'audit',
      service: 'azure.metric-alert',
      name: 'audit',
      properties: { threshold: 0, aggregation: 'Maximum' },
    },
  ],
  connections: [
    { from: 'worker', to: 'events', type: 'data' },
    { from: 'worker', to: 'jobs', type: 'data' },
    { from: 'cpu', to: 'web', type: 'data' },
    { from: 'ops', to: 'web', type: 'data' },
    { from: 'ops', to: 'orders', type: 'data' },
    { from: 'audit', to: 'events', type: 'data' },
  ],
});

/** The same queue and topic in a design without a metric alert: nobody to notify. */
const silent = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
    { id: 'events', service: 'azure.service-bus-topic', name: 'events' },
  ],
  connections: [
    { from: 'worker', to: 'events', type: 'data' },
    { from: 'worker', to: 'jobs', type: 'data' },
  ],
});

type TFormat = 'terraform' | 'arm' | 'bicep';
function generated(d: Record<string, unknown>, format: TFormat, layout = 'single') {
  const r = generate(d, { format, layout });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const fileOf = (d: Record<string, unknown>, format: TFormat, path: string, layout = 'single') =>
  generated(d, format, layout).files.find((f) => f.path === path)!.content;

type TAlert = {
  type: string;
  name: string;
  properties: {
    scopes: string[];
    severity: number;
    evaluationFrequency: string;
    windowSize: string;
    criteria: { allOf: Record<string, unknown>[] };
    actions: { actionGroupId: string }[];
  };
};
const armAlerts = (d: Record<string, unknown>) =>
  (JSON.parse(fileOf(d, 'arm', 'azuredeploy.json')) as { resources: TAlert[] }).resources.filter(
    (r) => r.type === 'Microsoft.Insights/metricAlerts',
  );

describe('azure: a Service Bus queue or topic alerts on its dead letters', () => {
  const main = fileOf(design, 'terraform', 'main.tf');

  it('Terraform: DeadletteredMessages of the queue above 0, to every action group of the design', () => {
    const alert = resourceBlock(main, 'azurerm_monitor_metric_alert', 'jobs_dlq');
    expect(alert).toContain('scopes              = [azurerm_servicebus_namespace.jobs.id]');
    expect(alert).toContain('severity            = 2');
    expect(alert).toContain('frequency           = "PT1M"');
    expect(alert).toContain('window_size         = "PT5M"');
    expect(alert).toContain(
      [
        '  criteria {',
        '    metric_namespace = "Microsoft.ServiceBus/namespaces"',
        '    metric_name      = "DeadletteredMessages"',
        '    aggregation      = "Maximum"',
        '    operator         = "GreaterThan"',
        '    threshold        = 0',
        '',
        '    dimension {',
        '      name     = "EntityName"',
        '      operator = "Include"',
        '      values   = ["jobs"]',
        '    }',
        '  }',
      ].join('\n'),
    );
    // No metric alert is connected to it: every one of the design's.
    const groups = [...alert.matchAll(/action_group_id = (\S+)/g)].map((m) => m[1]);
    expect(groups).toEqual([
      'azurerm_monitor_action_group.cpu.id',
      'azurerm_monitor_action_group.ops.id',
      'azurerm_monitor_action_group.audit.id',
    ]);
  });

  it("Terraform: a queue a metric alert is connected to (watching something else) notifies that alert's group only", () => {
    const alert = resourceBlock(main, 'azurerm_monitor_metric_alert', 'orders_dlq');
    expect(alert).toContain('values   = ["orders"]');
    expect([...alert.matchAll(/action_group_id = (\S+)/g)].map((m) => m[1])).toEqual([
      'azurerm_monitor_action_group.ops.id',
    ]);
    // `ops` still watches the VM it was connected to first.
    expect(resourceBlock(main, 'azurerm_monitor_metric_alert', 'ops')).toContain(
      'scopes              = [azurerm_linux_virtual_machine.web.id]',
    );
  });

  it('a metric alert connected to a topic watches its dead letters, and the topic adds no second alert', () => {
    const audit = resourceBlock(main, 'azurerm_monitor_metric_alert', 'audit');
    expect(audit).toContain('scopes              = [azurerm_servicebus_namespace.events.id]');
    expect(audit).toContain('metric_name      = "DeadletteredMessages"');
    expect(main).not.toContain('resource "azurerm_monitor_metric_alert" "events_dlq"');
  });

  it('a topic no metric alert watches alerts on its dead letters', () => {
    const other = smallDesign({
      cloud: 'azure',
      components: [
        { id: 'events', service: 'azure.service-bus-topic', name: 'events' },
        { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
        { id: 'backlog', service: 'azure.metric-alert', name: 'backlog' },
      ],
      connections: [{ from: 'backlog', to: 'jobs', type: 'data' }],
    });
    const tf = fileOf(other, 'terraform', 'main.tf');
    const alert = resourceBlock(tf, 'azurerm_monitor_metric_alert', 'events_dlq');
    expect(alert).toContain('scopes              = [azurerm_servicebus_namespace.events.id]');
    expect(alert).toContain('values   = ["events"]');
    // Its dead letters wait in its subscriptions' subqueues, not in the topic's.
    expect(alert).toContain("Receive them from its subscriptions' dead-letter subqueues");
    expect(alert).toContain('action_group_id = azurerm_monitor_action_group.backlog.id');
    // The queue is watched by the alert drawn to it.
    expect(tf).not.toContain('"jobs_dlq"');
  });

  it('no alert, and no action group made for one, when the design has no metric alert', () => {
    for (const format of ['terraform', 'arm', 'bicep'] as const)
      for (const f of generated(silent, format).files) {
        expect(f.content).not.toContain('azurerm_monitor_metric_alert');
        expect(f.content).not.toContain('Microsoft.Insights/metricAlerts');
        expect(f.content).not.toContain('actionGroups');
      }
  });

  it('ARM: the same alert, its action groups by resource id', () => {
    const alerts = armAlerts(design);
    const jobs = alerts.find((a) => a.name.includes('-jobs-dlq'))!;
    expect(jobs.properties.scopes).toEqual([
      "[resourceId('Microsoft.ServiceBus/namespaces', format('acme-shop-{0}-sbns-jobs', parameters('environment')))]",
    ]);
    expect(jobs.properties.severity).toBe(2);
    expect(jobs.properties.evaluationFrequency).toBe('PT1M');
    expect(jobs.properties.windowSize).toBe('PT5M');
    expect(jobs.properties.criteria.allOf).toEqual([
      {
        criterionType: 'StaticThresholdCriterion',
        name: 'deadLetters',
        metricNamespace: 'Microsoft.ServiceBus/namespaces',
        metricName: 'DeadletteredMessages',
        dimensions: [{ name: 'EntityName', operator: 'Include', values: ['jobs'] }],
        operator: 'GreaterThan',
        threshold: 0,
        timeAggregation: 'Maximum',
      },
    ]);
    expect(jobs.properties.actions.map((a) => a.actionGroupId)).toEqual(
      ['cpu', 'ops', 'audit'].map(
        (n) =>
          `[resourceId('Microsoft.Insights/actionGroups', format('acme-shop-{0}-alert-${n}-ag', parameters('environment')))]`,
      ),
    );
    const orders = alerts.find((a) => a.name.includes('-orders-dlq'))!;
    expect(orders.properties.actions).toHaveLength(1);
    expect(orders.properties.actions[0]!.actionGroupId).toContain('alert-ops-ag');
    expect(alerts.some((a) => a.name.includes('-events-dlq'))).toBe(false);
  });

  it('Bicep modules: the queue module takes the action groups of the alarm module as existing', () => {
    const r = generated(design, 'bicep', 'modules');
    const queue = r.files.find((f) => f.path === 'modules/queue.bicep')!.content;
    expect(queue).toContain(
      "resource cpuActions 'Microsoft.Insights/actionGroups@2023-01-01' existing = {\n  name: cpuActionsName\n}",
    );
    expect(queue).toMatch(
      /resource jobsDeadLetterAlert 'Microsoft\.Insights\/metricAlerts@2018-03-01' = \{\n/,
    );
    expect(queue).toContain(
      '    actions: [\n      {\n        actionGroupId: cpuActions.id\n      }\n      {\n        actionGroupId: opsActions.id\n      }\n      {\n        actionGroupId: auditActions.id\n      }\n    ]',
    );
    const main = r.files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).toMatch(
      /module queue 'modules\/queue\.bicep' = \{\n(?: {2}.*\n)*? {4}cpuActionsName: alarm\.outputs\.cpuActionsName\n/,
    );
  });

  it('passes the provider schemas, ARM types and security policy, in every layout', async () => {
    const all = [
      ...(['terraform', 'arm', 'bicep'] as const).map((f) => generated(design, f)),
      generated(design, 'terraform', 'modules'),
      generated(design, 'bicep', 'modules'),
    ];
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    for (const r of all) expect(await checkOutput(r.files, sharedOrBundledSchemas())).toEqual([]);
  });

  it('does not warn that a metric alert connected to a topic watches nothing', () => {
    const r = generated(design, 'terraform');
    expect(r.warnings.map((w) => `${w.path}: ${w.message}`)).not.toContainEqual(
      expect.stringContaining('alarm watches nothing'),
    );
  });
});
