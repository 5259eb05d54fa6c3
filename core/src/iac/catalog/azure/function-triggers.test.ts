import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A function app reading a Service Bus queue and an event hub, and a container app reading the
 * same queue. The function app was told the namespace as `ORDERS_NAMESPACE` only, which no
 * trigger reads: a trigger names a connection, and with local authentication off the one way in
 * is `<connection>__fullyQualifiedNamespace` and the app's identity.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'worker', service: 'azure.function-app', name: 'worker' },
    { id: 'web', service: 'azure.container-app', name: 'web' },
    { id: 'orders', service: 'azure.service-bus-queue', name: 'orders' },
    { id: 'clicks', service: 'azure.event-hub', name: 'clicks' },
  ],
  connections: [
    { from: 'worker', to: 'orders', type: 'data' },
    { from: 'worker', to: 'clicks', type: 'data' },
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
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
