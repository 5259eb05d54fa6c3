import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * A Service Bus topic read by a function app, a container app, a VM (named as the container app
 * is) and a Logic App, and sent to by a function app the topic lists as a sender; a topic nobody
 * reads. The topic had one subscription, `default`, and every reader was told its name: readers
 * of one subscription compete for its messages, so each message reached one of them only. Each
 * reader now has a subscription of its own, the first drawn keeping `default`.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'web', service: 'azure.container-app', name: 'web' },
    { id: 'ops', service: 'azure.linux-vm', name: 'web', group: 'sn-0' },
    { id: 'flow', service: 'azure.logic-app', name: 'flow' },
    { id: 'api', service: 'azure.function-app', name: 'api' },
    {
      id: 'events',
      service: 'azure.service-bus-topic',
      name: 'events',
      properties: { senders: ['api'] },
    },
    { id: 'alerts', service: 'azure.service-bus-topic', name: 'alerts' },
  ],
  connections: [
    { from: 'worker', to: 'events', type: 'data' },
    { from: 'web', to: 'events', type: 'data' },
    { from: 'api', to: 'events', type: 'data' },
    { from: 'ops', to: 'events', type: 'data' },
    { from: 'flow', to: 'events', type: 'data' },
  ],
});

type TFormat = 'terraform' | 'arm' | 'bicep';
function generated(d: Record<string, unknown>, format: TFormat) {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const fileOf = (d: Record<string, unknown>, format: TFormat, path: string) =>
  generated(d, format).files.find((f) => f.path === path)!.content;
const file = (format: TFormat, path: string) => fileOf(design, format, path);

type TResource = {
  type: string;
  name: string;
  properties?: Record<string, unknown> & { definition?: Record<string, unknown> };
};
const armResources = (d: Record<string, unknown>) =>
  (JSON.parse(fileOf(d, 'arm', 'azuredeploy.json')) as { resources: TResource[] }).resources;

describe('azure: each reader of a Service Bus topic has a subscription of its own', () => {
  const main = file('terraform', 'main.tf');

  it('Terraform: the first reader keeps `default`, each other one its own, the sender none', () => {
    const subscriptions = [...main.matchAll(/resource "azurerm_servicebus_subscription" "(\w+)"/g)];
    expect(subscriptions.map((m) => m[1])).toEqual([
      'events',
      'events_flow',
      'events_ops',
      'events_web',
      'alerts',
    ]);
    // Two readers named `web`: the second by id takes `web-2`.
    for (const [local, name] of [
      ['events', 'default'],
      ['events_flow', 'flow'],
      ['events_ops', 'web'],
      ['events_web', 'web-2'],
    ]) {
      const sub = resourceBlock(main, 'azurerm_servicebus_subscription', local!);
      expect(sub).toContain(`name                                 = "${name}"`);
      expect(sub).toContain(
        'topic_id                             = azurerm_servicebus_topic.events.id',
      );
      expect(sub).toContain('max_delivery_count                   = 10');
      expect(sub).toContain('default_message_ttl                  = "P14D"');
      expect(sub).toContain('dead_lettering_on_message_expiration = true');
      expect(sub).not.toContain('auto_delete_on_idle');
    }
    expect(main).not.toContain('"events_api"');
  });

  it('keeps the one default subscription of a topic nobody reads, its expired messages dropped', () => {
    const sub = resourceBlock(main, 'azurerm_servicebus_subscription', 'alerts');
    expect(sub).toContain('name                                 = "default"');
    expect(sub).toContain('default_message_ttl                  = "P14D"');
    // Dead-lettered, they would fill the topic if no consumer outside the design ever came.
    expect(sub).toContain('dead_lettering_on_message_expiration = false');
  });

  it("Terraform: tells each reader its own subscription's name, and the sender none", () => {
    expect(resourceBlock(main, 'azurerm_linux_function_app', 'worker')).toMatch(
      /EVENTS_SUBSCRIPTION\s+= azurerm_servicebus_subscription\.events\.name/,
    );
    expect(resourceBlock(main, 'azurerm_container_app', 'web')).toMatch(
      /name\s+= "EVENTS_SUBSCRIPTION"\n\s+value = azurerm_servicebus_subscription\.events_web\.name/,
    );
    expect(main).toMatch(/EVENTS_SUBSCRIPTION = azurerm_servicebus_subscription\.events_ops\.name/);
    const api = resourceBlock(main, 'azurerm_linux_function_app', 'api');
    expect(api).toMatch(/EVENTS_TOPIC\s+= azurerm_servicebus_topic\.events\.name/);
    expect(api).not.toContain('EVENTS_SUBSCRIPTION');
  });

  it('Terraform: the sender may send only; the readers may send and receive', () => {
    const roles = (client: string) =>
      [
        ...main.matchAll(
          new RegExp(`resource "azurerm_role_assignment" "${client}_events_\\d"`, 'g'),
        ),
      ]
        .map((m) => m[0].split('"')[3]!)
        .map((local) => resourceBlock(main, 'azurerm_role_assignment', local))
        .map((block) => /role_definition_name = "([^"]+)"/.exec(block)![1]);
    expect(roles('api')).toEqual(['Azure Service Bus Data Sender']);
    expect(roles('worker')).toEqual([
      'Azure Service Bus Data Sender',
      'Azure Service Bus Data Receiver',
    ]);
    expect(roles('flow')).toEqual([
      'Azure Service Bus Data Sender',
      'Azure Service Bus Data Receiver',
    ]);
  });

  it("Terraform: tells the Logic App its subscription's name in a workflow parameter", () => {
    const flow = resourceBlock(main, 'azurerm_logic_app_workflow', 'flow');
    expect(flow).toContain(
      '  workflow_parameters = {\n    EVENTS_NAMESPACE = jsonencode({\n      type = "String"\n    })\n    EVENTS_SUBSCRIPTION = jsonencode({\n      type = "String"\n    })\n',
    );
    expect(flow).toMatch(
      /parameters = \{\n(.*\n)*?\s+EVENTS_SUBSCRIPTION = azurerm_servicebus_subscription\.events_flow\.name\n/,
    );
    expect(flow).toMatch(/EVENTS_TOPIC\s+= azurerm_servicebus_topic\.events\.name/);
  });

  it('ARM and Bicep: the same subscriptions, and each reader told its own', () => {
    const subscriptions = armResources(design).filter(
      (r) => r.type === 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
    );
    expect(subscriptions).toHaveLength(5);
    for (const r of subscriptions)
      expect(r.properties).toEqual({
        maxDeliveryCount: 10,
        defaultMessageTimeToLive: 'P14D',
        deadLetteringOnMessageExpiration: !r.name.includes('alerts'),
      });
    const arm = file('arm', 'azuredeploy.json');
    expect(arm).toContain("'EVENTS_SUBSCRIPTION', 'web', 'EVENTS_TOPIC'");
    const bicep = file('bicep', 'main.bicep');
    for (const [symbol, name] of [
      ['eventsSubscription', 'default'],
      ['eventsSubscriptionFlow', 'flow'],
      ['eventsSubscriptionOps', 'web'],
      ['eventsSubscriptionWeb', 'web-2'],
      ['alertsSubscription', 'default'],
    ])
      expect(bicep).toMatch(
        new RegExp(`resource ${symbol} '[^']+' = \\{\\n  parent: \\w+\\n  name: '${name}'\\n`),
      );
    expect(bicep).not.toContain('eventsSubscriptionApi');
    expect(bicep).toMatch(/name: 'EVENTS_SUBSCRIPTION'\n\s+value: 'web-2'/);
    expect(bicep).toMatch(/name: 'EVENTS_SUBSCRIPTION'\n\s+value: 'default'/);
  });

  it("ARM: the Logic App declares and is given its subscription's name", () => {
    const flow = armResources(design).find((r) => r.type === 'Microsoft.Logic/workflows')!;
    expect(flow.properties!['parameters']).toMatchObject({
      EVENTS_SUBSCRIPTION: { value: 'flow' },
    });
    expect(flow.properties!.definition!['parameters']).toMatchObject({
      EVENTS_SUBSCRIPTION: { type: 'String' },
      EVENTS_TOPIC: { type: 'String' },
    });
  });

  it("names the function's own subscription in the README, and the sender's output binding", () => {
    const readme = file('terraform', 'README.md');
    expect(readme).toContain(
      '`subscription_name="%EVENTS_SUBSCRIPTION%"` (Python; `Connection = "EVENTS_CONNECTION"` in C#, `connection: \'EVENTS_CONNECTION\'` in JavaScript). The setting `EVENTS_CONNECTION__fullyQualifiedNamespace` holds the namespace, and the app\'s identity may receive. It receives from its own subscription, `default`, which no other reader shares.',
    );
    expect(readme).toContain(
      '- `api` sends to the topic `events` (an output binding): `connection="EVENTS_CONNECTION"`, `topic_name="%EVENTS_TOPIC%"` (Python;',
    );
    expect(readme).toContain(
      "and the app's identity may send only: it is one of the topic's `senders`, so it has no subscription.",
    );
  });

  it('tells in the README which subscription the Logic App receives from', () => {
    const readme = file('bicep', 'README.md');
    expect(readme).toContain('## Workflow parameters');
    expect(readme).toContain(
      "- `flow`: `EVENTS_…` for the topic `events`; it receives from its own subscription, `flow` (`@parameters('EVENTS_SUBSCRIPTION')`), which no other reader shares.",
    );
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map((f) => generated(design, f));
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});

/**
 * A design made before readers had subscriptions of their own: one topic, `default`, read by a
 * function app. Regenerated, it must keep that subscription where it was: the per-reader names
 * had replaced it by one named after the reader, and the messages waiting in it were deleted.
 */
describe('azure: a topic generated before keeps its `default` subscription', () => {
  const before = smallDesign({
    cloud: 'azure',
    components: [
      { id: 'worker', service: 'azure.function-app', name: 'worker' },
      { id: 'orders', service: 'azure.service-bus-topic', name: 'orders' },
    ],
    connections: [{ from: 'worker', to: 'orders', type: 'data' }],
  });

  it('Terraform: the same address and name, so plan changes it in place', () => {
    const main = fileOf(before, 'terraform', 'main.tf');
    expect([...main.matchAll(/resource "azurerm_servicebus_subscription" "(\w+)"/g)]).toHaveLength(
      1,
    );
    expect(resourceBlock(main, 'azurerm_servicebus_subscription', 'orders')).toContain(
      'name                                 = "default"',
    );
  });

  it('Bicep and ARM: the same symbol and name, so nothing is left behind unread', () => {
    expect(fileOf(before, 'bicep', 'main.bicep')).toMatch(
      /resource ordersSubscription '[^']+' = \{\n {2}parent: ordersTopic\n {2}name: 'default'\n/,
    );
    const subscriptions = armResources(before).filter(
      (r) => r.type === 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
    );
    expect(subscriptions.map((r) => r.name)).toEqual([
      "[format('{0}/{1}/{2}', format('acme-shop-{0}-sbns-orders', parameters('environment')), 'orders', 'default')]",
    ]);
  });

  it('a reader drawn later gets its own subscription and leaves `default` to the first', () => {
    const later = {
      ...before,
      components: [
        ...(before['components'] as unknown[]),
        { id: 'audit', service: 'azure.function-app', name: 'audit' },
      ],
      connections: [
        ...(before['connections'] as unknown[]),
        { from: 'audit', to: 'orders', type: 'data' },
      ],
    };
    const main = fileOf(later, 'terraform', 'main.tf');
    expect(resourceBlock(main, 'azurerm_servicebus_subscription', 'orders')).toContain(
      'name                                 = "default"',
    );
    expect(resourceBlock(main, 'azurerm_servicebus_subscription', 'orders_audit')).toContain(
      'name                                 = "audit"',
    );
    expect(resourceBlock(main, 'azurerm_linux_function_app', 'worker')).toMatch(
      /ORDERS_SUBSCRIPTION\s+= azurerm_servicebus_subscription\.orders\.name/,
    );
  });
});
