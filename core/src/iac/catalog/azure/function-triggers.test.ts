import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A function app reading a Service Bus queue, a topic and an event hub, and a container app
 * reading the same queue. The function app was told the namespace as `ORDERS_NAMESPACE` only,
 * which no trigger reads: a trigger names a connection, and with local authentication off the one
 * way in is `<connection>__fullyQualifiedNamespace` and the app's identity. A topic's readers were
 * only allowed to send, so a trigger on its subscription was refused.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'web', service: 'azure.container-app', name: 'web' },
    { id: 'orders', service: 'azure.service-bus-queue', name: 'orders' },
    { id: 'clicks', service: 'azure.event-hub', name: 'clicks' },
    { id: 'events', service: 'azure.service-bus-topic', name: 'events' },
  ],
  connections: [
    { from: 'worker', to: 'orders', type: 'data' },
    { from: 'worker', to: 'clicks', type: 'data' },
    { from: 'worker', to: 'events', type: 'data' },
    { from: 'web', to: 'orders', type: 'data' },
  ],
});

describe("azure: a function app's triggers sign in with its identity", () => {
  const hcl = mainTf(design);

  it('gives the function app a connection per queue and event hub, beside their names', () => {
    const app = resourceBlock(hcl, 'azurerm_linux_function_app', 'worker');
    expect(app).toMatch(
      /ORDERS_CONNECTION__fullyQualifiedNamespace = "\$\{azurerm_servicebus_namespace\.orders\.name\}\.servicebus\.windows\.net"/,
    );
    expect(app).toMatch(
      /CLICKS_CONNECTION__fullyQualifiedNamespace = "\$\{azurerm_eventhub_namespace\.clicks\.name\}\.servicebus\.windows\.net"/,
    );
    expect(app).toMatch(/ORDERS_QUEUE\s+= azurerm_servicebus_queue\.orders\.name/);
  });

  it("gives the function app a connection per topic, and its subscription's name", () => {
    const app = resourceBlock(hcl, 'azurerm_linux_function_app', 'worker');
    expect(app).toMatch(
      /EVENTS_CONNECTION__fullyQualifiedNamespace = "\$\{azurerm_servicebus_namespace\.events\.name\}\.servicebus\.windows\.net"/,
    );
    // Its only reader keeps the topic's own subscription (topic-subscriptions.test.ts).
    expect(app).toMatch(/EVENTS_SUBSCRIPTION\s+= azurerm_servicebus_subscription\.events\.name/);
  });

  it("lets the function app receive from the topic's subscription, and send to the topic", () => {
    const roles = [1, 2].map((i) =>
      resourceBlock(hcl, 'azurerm_role_assignment', `worker_events_${i}`),
    );
    expect(roles.join('\n')).toContain('"Azure Service Bus Data Receiver"');
    expect(roles.join('\n')).toContain('"Azure Service Bus Data Sender"');
    for (const role of roles) expect(role).toContain('azurerm_servicebus_namespace.events.id');
  });

  it('gives a container app, which has no triggers, the namespace only', () => {
    expect(resourceBlock(hcl, 'azurerm_container_app', 'web')).not.toContain('CONNECTION');
  });

  it('writes the same setting in ARM', () => {
    const r = generate(design, { format: 'arm', layout: 'single' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const template = r.files.find((f) => f.path === 'azuredeploy.json')!.content;
    expect(template).toContain('"name": "ORDERS_CONNECTION__fullyQualifiedNamespace"');
    expect(template).toContain(
      `"value": "[format('{0}.servicebus.windows.net', format('acme-shop-{0}-sbns-orders', parameters('environment')))]"`,
    );
    expect(template).toContain('"name": "EVENTS_CONNECTION__fullyQualifiedNamespace"');
    // Azure Service Bus Data Receiver on the topic's namespace.
    expect(template).toContain(
      `"name": "[guid(resourceId('Microsoft.ServiceBus/namespaces', format('acme-shop-{0}-sbns-events', parameters('environment'))), resourceId('Microsoft.Web/sites', format('acme-shop-{0}-func-worker', parameters('environment'))), '4f6d3b9b-027b-4f4c-9142-0e5a2a2247e0')]"`,
    );
  });

  it('tells in the README what a trigger names', () => {
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Function triggers');
    expect(readme).toContain(
      '`worker` on the queue `orders`: `connection="ORDERS_CONNECTION"`, `queue_name="%ORDERS_QUEUE%"`',
    );
    expect(readme).toContain(
      '`worker` on the event hub `clicks`: `connection="CLICKS_CONNECTION"`, `event_hub_name="%CLICKS_EVENT_HUB%"`',
    );
    expect(readme).toContain(
      '`worker` on the topic `events`: `connection="EVENTS_CONNECTION"`, `topic_name="%EVENTS_TOPIC%"`, `subscription_name="%EVENTS_SUBSCRIPTION%"`',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
