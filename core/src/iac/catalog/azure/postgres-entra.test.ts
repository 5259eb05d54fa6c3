import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';
import { generate } from '../../generate';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/** A function app and a container app, both with a data connection to one PostgreSQL server. */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'api', service: 'azure.function-app', name: 'api' },
    { id: 'worker', service: 'azure.container-app', name: 'worker' },
    { id: 'orders-db', service: 'azure.postgresql-flexible', name: 'orders', group: 'sn-1' },
  ],
  connections: [
    { from: 'api', to: 'orders-db', type: 'data' },
    { from: 'worker', to: 'orders-db', type: 'data' },
  ],
});

/** The Terraform blocks of one resource type, by name (`resource "type" "name" { ... }`). */
function tfBlocks(main: string, type: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of main.matchAll(
    new RegExp(`^resource "${type}" "(\\w+)" \\{\\n([\\s\\S]*?)^\\}`, 'gm'),
  ))
    out[m[1]!] = m[2]!;
  return out;
}

type TArmResource = {
  type: string;
  name: string;
  dependsOn?: string[];
  properties: Record<string, unknown>;
};

function armFiles(format: 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}

const armTemplate = () =>
  JSON.parse(armFiles('arm').find((f) => f.path === 'azuredeploy.json')!.content) as {
    resources: TArmResource[];
  };

describe('an Azure app connected to PostgreSQL signs in with its managed identity', () => {
  const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;

  it('Terraform: the server takes Microsoft Entra tokens besides the admin password', () => {
    const server = tfBlocks(main, 'azurerm_postgresql_flexible_server')['orders_db']!;
    expect(server).toContain('administrator_password_wo ');
    expect(server).toMatch(
      /authentication \{\s*active_directory_auth_enabled = true\s*password_auth_enabled\s*= true\s*tenant_id\s*= data\.azurerm_client_config\.current\.tenant_id\s*\}/,
    );
  });

  it('Terraform: each connected app is a Microsoft Entra administrator, as its identity', () => {
    const admins = tfBlocks(
      main,
      'azurerm_postgresql_flexible_server_active_directory_administrator',
    );
    expect(Object.keys(admins).sort()).toEqual(['api_orders_db_1', 'worker_orders_db_1']);
    for (const [name, app] of [
      ['api_orders_db_1', 'azurerm_linux_function_app.api'],
      ['worker_orders_db_1', 'azurerm_container_app.worker'],
    ] as const) {
      const body = admins[name]!;
      expect(body).toMatch(/server_name\s+= azurerm_postgresql_flexible_server\.orders_db\.name/);
      expect(body).toContain(`object_id           = ${app}.identity[0].principal_id`);
      expect(body).toContain(`principal_name      = ${app}.name`);
      expect(body).toContain('principal_type      = "ServicePrincipal"');
    }
  });

  it('Terraform: each app is told the user it signs in as (its own name), beside host and database', () => {
    expect(main).toContain('ORDERS_DB_USER     = "acme-shop-${var.environment}-func-api"');
    expect(main).toMatch(
      /name\s+= "ORDERS_DB_USER"\s*value = "acme-shop-\$\{var\.environment\}-ca-worker"/,
    );
  });

  it('ARM: the same authentication, and the same settings', () => {
    const template = armTemplate();
    const server = template.resources.find(
      (r) => r.type === 'Microsoft.DBforPostgreSQL/flexibleServers',
    )!;
    expect(server.properties['authConfig']).toEqual({
      activeDirectoryAuth: 'Enabled',
      passwordAuth: 'Enabled',
      tenantId: '[subscription().tenantId]',
    });
    const site = template.resources.find((r) => r.type === 'Microsoft.Web/sites')!.properties as {
      siteConfig: { appSettings: { name: string; value: string }[] };
    };
    const app = template.resources.find((r) => r.type === 'Microsoft.App/containerApps')!
      .properties as { template: { containers: { env: { name: string; value: string }[] }[] } };
    const env = "parameters('environment')";
    expect(site.siteConfig.appSettings).toContainEqual({
      name: 'ORDERS_DB_USER',
      value: `[format('acme-shop-{0}-func-api', ${env})]`,
    });
    expect(app.template.containers[0]!.env).toContainEqual({
      name: 'ORDERS_DB_USER',
      value: `[format('acme-shop-{0}-ca-worker', ${env})]`,
    });
  });

  it('ARM: each connected app is an administrator, through a deployment that waits for the server', () => {
    const template = armTemplate();
    const deployments = template.resources.filter(
      (r) => r.type === 'Microsoft.Resources/deployments',
    );
    expect(deployments.map((d) => d.name)).toEqual([
      'api-orders-db-entra-admin',
      'worker-orders-db-entra-admin',
    ]);
    const env = "parameters('environment')";
    const server = `resourceId('Microsoft.DBforPostgreSQL/flexibleServers', format('acme-shop-{0}-psql-orders', ${env}))`;
    for (const [d, type, app] of [
      [deployments[0]!, 'Microsoft.Web/sites', 'func-api'],
      [deployments[1]!, 'Microsoft.App/containerApps', 'ca-worker'],
    ] as const) {
      const site = `resourceId('${type}', format('acme-shop-{0}-${app}', ${env}))`;
      expect(d.dependsOn!.slice(0, 2)).toEqual([`[${server}]`, `[${site}]`]);
      const parameters = d.properties['parameters'] as Record<string, { value: string }>;
      // The app's identity, read once the app exists (at its own API version).
      const objectId = parameters['objectId']!.value;
      expect(objectId.startsWith(`[reference(${site}, '`)).toBe(true);
      expect(objectId.endsWith("', 'full').identity.principalId]")).toBe(true);
      expect(parameters['principalName']!.value).toBe(`[format('acme-shop-{0}-${app}', ${env})]`);
      const inner = (d.properties['template'] as { resources: TArmResource[] }).resources;
      expect(inner).toEqual([
        {
          type: 'Microsoft.DBforPostgreSQL/flexibleServers/administrators',
          apiVersion: '2024-08-01',
          name: "[format('{0}/{1}', parameters('serverName'), parameters('objectId'))]",
          properties: {
            principalType: 'ServicePrincipal',
            principalName: "[parameters('principalName')]",
            tenantId: '[subscription().tenantId]',
          },
        },
      ]);
    }
  });

  it('Bicep: the same deployments, as calls of one module', () => {
    const files = armFiles('bicep');
    const main = files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).toContain(
      [
        "module apiOrdersDbAdmin 'modules/postgresql-entra-admin.bicep' = {",
        "  name: 'api-orders-db-entra-admin'",
        '  params: {',
        '    serverName: ordersDb.name',
        '    objectId: api.identity.principalId',
        '    principalName: api.name',
      ].join('\n'),
    );
    expect(main).toContain(
      '    objectId: worker.identity.principalId\n    principalName: worker.name',
    );
    const module = files.find((f) => f.path === 'modules/postgresql-entra-admin.bicep')!.content;
    // The server as the administrator's parent, declared existing (Bicep's use-parent-property).
    expect(module).toContain(
      "resource server 'Microsoft.DBforPostgreSQL/flexibleServers@2024-08-01' existing = {\n  name: serverName\n}",
    );
    expect(module).toContain(
      "resource administrator 'Microsoft.DBforPostgreSQL/flexibleServers/administrators@2024-08-01' = {\n  parent: server\n  name: objectId\n",
    );
  });

  it('one administrator change at a time: each deployment waits for the one before it', () => {
    // The server runs one administrator change at once; ARM deploys independent ones together.
    const deployments = armTemplate().resources.filter(
      (r) => r.type === 'Microsoft.Resources/deployments',
    );
    expect(deployments[0]!.dependsOn).toHaveLength(2);
    expect(deployments[1]!.dependsOn![2]).toBe(
      "[resourceId('Microsoft.Resources/deployments', 'api-orders-db-entra-admin')]",
    );
    const single = armFiles('bicep').find((f) => f.path === 'main.bicep')!.content;
    expect(single).toMatch(
      /module workerOrdersDbAdmin [^\n]+\n(?: {2}.*\n)*? {2}dependsOn: \[\n {4}apiOrdersDbAdmin\n {2}\]\n\}/,
    );
    // In the modules layout the container app's module waits for the function app's.
    const r = generate(design, { format: 'bicep', layout: 'modules' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const main = r.files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).toMatch(
      /module serverlessContainer [^\n]+\n(?: {2}.*\n)*? {2}dependsOn: \[\n {4}function\n {2}\]\n\}/,
    );
  });

  it('checks against the provider schemas and ARM types', async () => {
    const files = [...terraformFiles(design), ...armFiles('arm'), ...armFiles('bicep')];
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
