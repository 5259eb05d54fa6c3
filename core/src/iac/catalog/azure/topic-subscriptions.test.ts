import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * A Service Bus topic read by a function app, a container app and a VM (named as the container
 * app is), and a topic nobody reads. The topic had one subscription, `default`, and every reader
 * was told its name: readers of one subscription compete for its messages, so each message
 * reached one of them only, which defeats a topic. Each reader now has a subscription of its own.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'web', service: 'azure.container-app', name: 'web' },
    { id: 'ops', service: 'azure.linux-vm', name: 'web', group: 'sn-0' },
    { id: 'events', service: 'azure.service-bus-topic', name: 'events' },
    { id: 'alerts', service: 'azure.service-bus-topic', name: 'alerts' },
  ],
  connections: [
    { from: 'worker', to: 'events', type: 'data' },
    { from: 'web', to: 'events', type: 'data' },
    { from: 'ops', to: 'events', type: 'data' },
  ],
});

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

describe('azure: each reader of a Service Bus topic has a subscription of its own', () => {
  const main = file('terraform', 'main.tf');

  it('Terraform: one subscription per reader, named after it, none shared', () => {
    const subscriptions = [...main.matchAll(/resource "azurerm_servicebus_subscription" "(\w+)"/g)];
    expect(subscriptions.map((m) => m[1])).toEqual([
      'events_ops',
      'events_web',
      'events_worker',
      'alerts',
    ]);
    // Two readers named `web`: the second by id takes `web-2`.
    for (const [local, name] of [
      ['ops', 'web'],
      ['web', 'web-2'],
      ['worker', 'worker'],
    ]) {
      const sub = resourceBlock(main, 'azurerm_servicebus_subscription', `events_${local}`);
      expect(sub).toContain(`name                                 = "${name}"`);
      expect(sub).toContain(
        'topic_id                             = azurerm_servicebus_topic.events.id',
      );
      expect(sub).toContain('max_delivery_count                   = 10');
      expect(sub).toContain('dead_lettering_on_message_expiration = true');
    }
  });

  it('keeps the one default subscription of a topic nobody reads', () => {
    expect(resourceBlock(main, 'azurerm_servicebus_subscription', 'alerts')).toContain(
      'name                                 = "default"',
    );
  });

  it("Terraform: tells each reader its own subscription's name", () => {
    expect(resourceBlock(main, 'azurerm_linux_function_app', 'worker')).toMatch(
      /EVENTS_SUBSCRIPTION\s+= azurerm_servicebus_subscription\.events_worker\.name/,
    );
    expect(resourceBlock(main, 'azurerm_container_app', 'web')).toMatch(
      /name\s+= "EVENTS_SUBSCRIPTION"\n\s+value = azurerm_servicebus_subscription\.events_web\.name/,
    );
    expect(main).toMatch(/EVENTS_SUBSCRIPTION = azurerm_servicebus_subscription\.events_ops\.name/);
  });

  it('ARM and Bicep: the same subscriptions, and each reader told its own', () => {
    type TResource = { type: string; name: string; properties?: Record<string, unknown> };
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as { resources: TResource[] };
    const subscriptions = template.resources.filter(
      (r) => r.type === 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
    );
    expect(subscriptions).toHaveLength(4);
    for (const r of subscriptions)
      expect(r.properties).toEqual({
        maxDeliveryCount: 10,
        deadLetteringOnMessageExpiration: true,
      });
    const arm = file('arm', 'azuredeploy.json');
    expect(arm).toContain("'EVENTS_SUBSCRIPTION', 'web', 'EVENTS_TOPIC'");
    const bicep = file('bicep', 'main.bicep');
    for (const [symbol, name] of [
      ['eventsSubscriptionOps', 'web'],
      ['eventsSubscriptionWeb', 'web-2'],
      ['eventsSubscriptionWorker', 'worker'],
      ['alertsSubscription', 'default'],
    ])
      expect(bicep).toMatch(
        new RegExp(`resource ${symbol} '[^']+' = \\{\\n  parent: \\w+\\n  name: '${name}'\\n`),
      );
    expect(bicep).toMatch(/name: 'EVENTS_SUBSCRIPTION'\n\s+value: 'web-2'/);
    expect(bicep).toMatch(/name: 'EVENTS_SUBSCRIPTION'\n\s+value: 'worker'/);
  });

  it("names the function's own subscription in the README's trigger line", () => {
    expect(file('terraform', 'README.md')).toContain(
      '`subscription_name="%EVENTS_SUBSCRIPTION%"` (Python; `Connection = "EVENTS_CONNECTION"` in C#, `connection: \'EVENTS_CONNECTION\'` in JavaScript). The setting `EVENTS_CONNECTION__fullyQualifiedNamespace` holds the namespace, and the app\'s identity may receive. It receives from its own subscription, `worker`, which no other reader shares.',
    );
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map(generated);
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});
