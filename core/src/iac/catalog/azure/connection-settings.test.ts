import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';
import { generate } from '../../generate';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

const APPS = ['azure.app-service', 'azure.function-app', 'azure.container-app'] as const;
type TApp = (typeof APPS)[number];

/** The stores, drawn out of name order: the settings must not follow the drawing. */
const STORES = [
  { id: 'token', service: 'azure.key-vault-secret', name: 'token' },
  { id: 'orders-db', service: 'azure.postgresql-flexible', name: 'orders', group: 'sn-1' },
  { id: 'uploads', service: 'azure.storage-account', name: 'uploads' },
];

/** An app with data connections to `stores` (and whatever else is given). */
function design(app: TApp, stores = STORES, extra: Record<string, unknown>[] = []) {
  return smallDesign({
    cloud: 'azure',
    components: [
      // Only the App Service is placed (a subnet delegated to it): one subnet, one delegation.
      {
        id: 'api',
        service: app,
        name: 'api',
        ...(app === 'azure.app-service' ? { group: 'sn-0' } : {}),
      },
      ...stores,
      ...extra,
    ],
    connections: [...stores, ...extra].map((s) => ({ from: 'api', to: s.id, type: 'data' })),
  });
}

/** Terraform: `NAME=value` of the app's settings (its `app_settings` map or its container's `env`). */
function tfSettings(app: TApp, d: unknown): string[] {
  const main = terraformFiles(d).find((f) => f.path === 'main.tf')!.content;
  if (app === 'azure.container-app')
    return [...main.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
  const lines = main.split('\n');
  const start = lines.indexOf('  app_settings = {');
  if (start < 0) return [];
  const end = lines.indexOf('  }', start);
  return lines.slice(start + 1, end).map((line) => line.trim().replace(/\s*= /, '='));
}

/** ARM: `NAME=value` of the app's `appSettings` (or its container's `env`). */
function armSettings(app: TApp, d: unknown): string[] {
  const r = generate(d, { format: 'arm', layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const template = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
    resources: { type: string; properties: Record<string, never> }[];
  };
  const type =
    app === 'azure.container-app' ? 'Microsoft.App/containerApps' : 'Microsoft.Web/sites';
  const site = template.resources.find((x) => x.type === type)!.properties as {
    siteConfig?: { appSettings?: { name: string; value: string }[] };
    template?: { containers: { env?: { name: string; value: string }[] }[] };
  };
  const items = site.siteConfig?.appSettings ?? site.template?.containers[0]?.env ?? [];
  return items.map((s) => `${s.name}=${s.value}`);
}

const names = (settings: readonly string[]) => settings.map((s) => s.split('=')[0]);

/** The app's name, which its managed identity (the PostgreSQL user it signs in as) takes. */
const ABBREVIATIONS: Readonly<Record<TApp, string>> = {
  'azure.app-service': 'app',
  'azure.function-app': 'func',
  'azure.container-app': 'ca',
};

describe('an Azure app is told where the stores it connects to are', () => {
  it.each(APPS)(
    '%s, Terraform: a setting per store setting, in the order of their names',
    (app) => {
      expect(tfSettings(app, design(app))).toEqual([
        'ORDERS_DB_DATABASE=azurerm_postgresql_flexible_server_database.orders_db.name',
        'ORDERS_DB_HOST=azurerm_postgresql_flexible_server.orders_db.fqdn',
        `ORDERS_DB_USER="acme-shop-\${var.environment}-${ABBREVIATIONS[app]}-api"`,
        'TOKEN_SECRET_NAME=azurerm_key_vault_secret.token.name',
        'TOKEN_VAULT_URI=azurerm_key_vault.token.vault_uri',
        'UPLOADS_BLOB_ENDPOINT=azurerm_storage_account.uploads.primary_blob_endpoint',
        'UPLOADS_CONTAINER=azurerm_storage_container.uploads.name',
      ]);
    },
  );

  it.each(APPS)('%s, ARM: the same settings from the same resources', (app) => {
    // A function app's first three are the Functions host's own (the test below).
    const settings = armSettings(app, design(app)).slice(app === 'azure.function-app' ? 3 : 0);
    const env = "parameters('environment')";
    expect(settings).toEqual([
      'ORDERS_DB_DATABASE=app',
      `ORDERS_DB_HOST=[reference(resourceId('Microsoft.DBforPostgreSQL/flexibleServers', format('acme-shop-{0}-psql-orders', ${env})), '2024-08-01').fullyQualifiedDomainName]`,
      `ORDERS_DB_USER=[format('acme-shop-{0}-${ABBREVIATIONS[app]}-api', ${env})]`,
      `TOKEN_SECRET_NAME=[format('acme-shop-{0}-secret-token', ${env})]`,
      `TOKEN_VAULT_URI=[reference(resourceId('Microsoft.KeyVault/vaults', format('acme-shop-{0}-secret-kv', ${env})), '2024-11-01').vaultUri]`,
      `UPLOADS_BLOB_ENDPOINT=[reference(resourceId('Microsoft.Storage/storageAccounts', format('acmeshop{0}stuploads', ${env})), '2025-06-01').primaryEndpoints.blob]`,
      'UPLOADS_CONTAINER=data',
    ]);
  });

  it('adds the stores after the settings the app has (the Functions host, Application Insights), changing none', () => {
    const insights = [
      { id: 'logs', service: 'azure.log-analytics', name: 'logs' },
      { id: 'insights', service: 'azure.application-insights', name: 'insights' },
    ];
    const d = design('azure.function-app', STORES.slice(2), insights);
    const withWorkspace = {
      ...d,
      connections: [
        ...(d['connections'] as unknown[]),
        { from: 'insights', to: 'logs', type: 'data' },
      ],
    };
    expect(names(tfSettings('azure.function-app', withWorkspace))).toEqual([
      'APPLICATIONINSIGHTS_CONNECTION_STRING',
      'APPLICATIONINSIGHTS_AUTHENTICATION_STRING',
      'UPLOADS_BLOB_ENDPOINT',
      'UPLOADS_CONTAINER',
    ]);
    expect(names(armSettings('azure.function-app', withWorkspace))).toEqual([
      'FUNCTIONS_EXTENSION_VERSION',
      'FUNCTIONS_WORKER_RUNTIME',
      'AzureWebJobsStorage__accountName',
      'APPLICATIONINSIGHTS_CONNECTION_STRING',
      'APPLICATIONINSIGHTS_AUTHENTICATION_STRING',
      'UPLOADS_BLOB_ENDPOINT',
      'UPLOADS_CONTAINER',
    ]);
  });

  it.each(['azure.app-service', 'azure.container-app'] as const)(
    '%s: is told where its Application Insights is, before the stores',
    (app) => {
      const d = design(app, STORES.slice(2), [
        { id: 'logs', service: 'azure.log-analytics', name: 'logs' },
        { id: 'insights', service: 'azure.application-insights', name: 'insights' },
      ]);
      const withWorkspace = {
        ...d,
        connections: [
          ...(d['connections'] as unknown[]),
          { from: 'insights', to: 'logs', type: 'data' },
        ],
      };
      const expected = [
        'APPLICATIONINSIGHTS_CONNECTION_STRING',
        'APPLICATIONINSIGHTS_AUTHENTICATION_STRING',
        'UPLOADS_BLOB_ENDPOINT',
        'UPLOADS_CONTAINER',
      ];
      expect(names(tfSettings(app, withWorkspace))).toEqual(expected);
      expect(names(armSettings(app, withWorkspace))).toEqual(expected);
    },
  );

  it('names a secret in the vault it connects to, never its value', () => {
    const vault = { id: 'vault', service: 'azure.key-vault', name: 'vault' };
    const d = design('azure.container-app', [STORES[0]!], [vault]);
    const withVault = {
      ...d,
      connections: [
        ...(d['connections'] as unknown[]),
        { from: 'token', to: 'vault', type: 'data' },
      ],
    };
    expect(tfSettings('azure.container-app', withVault)).toEqual([
      'TOKEN_SECRET_NAME=azurerm_key_vault_secret.token.name',
      'TOKEN_VAULT_URI=azurerm_key_vault.vault.vault_uri',
      'VAULT_URI=azurerm_key_vault.vault.vault_uri',
    ]);
  });
});

/** Every store an app may be told of, the ones needing a subnet each in one. */
const ALL_STORES: readonly [string, string, string?][] = [
  ['uploads', 'azure.storage-account'],
  ['files', 'azure.file-share'],
  ['orders', 'azure.postgresql-flexible', 'sn-1'],
  ['users', 'azure.mysql-flexible', 'sn-2'],
  ['ledger', 'azure.sql-database', 'sn-3'],
  ['carts', 'azure.cosmos-db'],
  ['docs', 'azure.cosmos-mongo-vcore', 'sn-3'],
  ['cache', 'azure.managed-redis', 'sn-3'],
  ['vault', 'azure.key-vault'],
  ['token', 'azure.key-vault-secret'],
  ['jobs', 'azure.service-bus-queue'],
  ['news', 'azure.service-bus-topic'],
  ['clicks', 'azure.event-hub'],
  ['events', 'azure.event-grid-topic'],
  ['search', 'azure.ai-search'],
  ['live', 'azure.web-pubsub'],
  ['warehouse', 'azure.data-explorer'],
];

describe.each(APPS)('%s connected to every kind of store', (app) => {
  const stores = ALL_STORES.map(([id, service, group]) => ({
    id,
    service,
    name: id,
    ...(group ? { group } : {}),
  }));
  const d = {
    ...design(app, stores),
    groups: [
      {
        id: 'net',
        service: 'azure.virtual-network',
        name: 'main',
        properties: { cidr: '10.20.0.0/16' },
      },
      ...[0, 1, 2, 3].map((i) => ({
        id: `sn-${i}`,
        service: 'azure.subnet',
        name: `sn${i}`,
        parent: 'net',
        properties: { cidr: `10.20.${i}.0/24` },
      })),
    ],
  };

  it('is told of each in Terraform and ARM alike, with no key or connection string', () => {
    const tf = tfSettings(app, d);
    const arm = armSettings(app, d).slice(app === 'azure.function-app' ? 3 : 0);
    expect(names(arm)).toEqual(names(tf));
    for (const [id] of ALL_STORES)
      expect(names(tf).some((n) => n?.startsWith(`${id.toUpperCase()}_`))).toBe(true);
    const secret = /(access|primary|secondary)_?key|connection_?string|listKeys|password/i;
    expect([...tf, ...arm].filter((s) => secret.test(s))).toEqual([]);
  });

  it('checks against the provider schemas and ARM types', async () => {
    const arm = generate(d, { format: 'arm', layout: 'single' });
    const files = [...terraformFiles(d), ...(arm.ok ? arm.files : [])];
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
