import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { generate } from '../../generate';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/** The stores, drawn out of name order: the settings must not follow the drawing. */
const STORES = [
  { id: 'uploads', service: 'azure.storage-account', name: 'uploads' },
  { id: 'orders-db', service: 'azure.postgresql-flexible', name: 'orders', group: 'sn-1' },
  { id: 'jobs', service: 'azure.service-bus-queue', name: 'jobs' },
];

/**
 * A Linux VM and a scale set with data connections to every store, and a VM (`jump`) with none.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'web', service: 'azure.linux-vm', name: 'web', group: 'sn-0' },
    { id: 'workers', service: 'azure.vm-scale-set', name: 'workers', group: 'sn-0' },
    { id: 'jump', service: 'azure.linux-vm', name: 'jump', group: 'sn-0' },
    ...STORES,
  ],
  connections: ['web', 'workers'].flatMap((from) =>
    STORES.map((s) => ({ from, to: s.id, type: 'data' })),
  ),
});

/** One Terraform resource of the design (`resource "type" "name" { ... }`). */
const tfBlock = (type: string, name: string): string => resourceBlock(mainTf(design), type, name);

/** `NAME=value` of the JSON object a resource's `user_data` encodes. */
function tfUserData(body: string): string[] {
  const m = /^ {2}user_data = base64encode\(jsonencode\(\{\n([\s\S]*?)^ {2}\}\)\)$/m.exec(body);
  if (!m) return [];
  return m[1]!
    .trim()
    .split('\n')
    .map((line) => line.trim().replace(/\s*= /, '='));
}

const names = (settings: readonly string[]) => settings.map((s) => s.split('=')[0]);

/** The single file of an ARM or Bicep deployment of the design. */
function armFile(format: 'arm' | 'bicep'): string {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.find((f) => f.path === (format === 'arm' ? 'azuredeploy.json' : 'main.bicep'))!
    .content;
}

type TArmResource = { type: string; name: string; properties: Record<string, unknown> };

/** The template's resource of a type whose name format ends as given (`-vm-web`). */
function armResource(type: string, suffix: string): TArmResource {
  const template = JSON.parse(armFile('arm')) as { resources: TArmResource[] };
  return template.resources.find((r) => r.type === type && r.name.includes(`${suffix}'`))!;
}

describe('an Azure Linux VM and scale set are told where the stores they connect to are', () => {
  it.each([
    ['azurerm_linux_virtual_machine', 'web', 'vm'],
    ['azurerm_linux_virtual_machine_scale_set', 'workers', 'vmss'],
  ])(
    'Terraform: %s has the settings an app would get, as base64 of JSON in user_data',
    (type, name, abbreviation) => {
      expect(tfUserData(tfBlock(type, name))).toEqual([
        'JOBS_NAMESPACE="${azurerm_servicebus_namespace.jobs.name}.servicebus.windows.net"',
        'JOBS_QUEUE=azurerm_servicebus_queue.jobs.name',
        'ORDERS_DB_DATABASE=azurerm_postgresql_flexible_server_database.orders_db.name',
        'ORDERS_DB_HOST=azurerm_postgresql_flexible_server.orders_db.fqdn',
        `ORDERS_DB_USER="acme-shop-\${var.environment}-${abbreviation}-${name}"`,
        'UPLOADS_BLOB_ENDPOINT=azurerm_storage_account.uploads.primary_blob_endpoint',
        'UPLOADS_CONTAINER=azurerm_storage_container.uploads.name',
      ]);
    },
  );

  it('Terraform: a number (a Redis port) is a string, as in an app setting', () => {
    const cache = { id: 'cache', service: 'azure.managed-redis', name: 'cache', group: 'sn-1' };
    const d = smallDesign({
      cloud: 'azure',
      components: [{ id: 'web', service: 'azure.linux-vm', name: 'web', group: 'sn-0' }, cache],
      connections: [{ from: 'web', to: 'cache', type: 'data' }],
    });
    expect(mainTf(d)).toContain(
      'CACHE_PORT = tostring(azurerm_managed_redis.cache.default_database[0].port)',
    );
  });

  it('ARM: userData of the VM and of the scale set model, the same JSON from the same resources', () => {
    const tf = names(tfUserData(tfBlock('azurerm_linux_virtual_machine', 'web')));
    const vm = armResource('Microsoft.Compute/virtualMachines', '-vm-web').properties;
    const vmss = armResource('Microsoft.Compute/virtualMachineScaleSets', '-vmss-workers')
      .properties['virtualMachineProfile'] as Record<string, unknown>;
    for (const userData of [vm['userData'], vmss['userData']]) {
      expect(userData).toMatch(/^\[base64\(string\(createObject\('JOBS_NAMESPACE', /);
      // The keys are the quoted names before each value (the values here are lower case).
      expect([...String(userData).matchAll(/'([A-Z][A-Z0-9_]*)', /g)].map((m) => m[1])).toEqual(tf);
      expect(userData).toContain(
        "'ORDERS_DB_HOST', reference(resourceId('Microsoft.DBforPostgreSQL/flexibleServers', format('acme-shop-{0}-psql-orders', parameters('environment'))), '2024-08-01').fullyQualifiedDomainName",
      );
    }
  });

  it('Bicep: base64(string({ ... })) with the same keys, in the VM and the scale set model', () => {
    const tf = names(tfUserData(tfBlock('azurerm_linux_virtual_machine', 'web')));
    const bicep = armFile('bicep');
    const objects = [
      ...bicep.matchAll(/^( +)userData: base64\(string\(\{\n([\s\S]*?)^\1\}\)\)$/gm),
    ];
    expect(objects.map((m) => m[1]!.length)).toEqual([4, 6]);
    for (const [, , body] of objects) {
      const lines = body!
        .trim()
        .split('\n')
        .map((l) => l.trim());
      expect(lines.map((l) => l.split(':')[0])).toEqual(tf);
      expect(lines).toContain('ORDERS_DB_HOST: ordersDb.properties.fullyQualifiedDomainName');
    }
  });

  it('a VM without data connections has no user data, in any format', () => {
    expect(tfBlock('azurerm_linux_virtual_machine', 'jump')).not.toContain('user_data');
    const jump = armResource('Microsoft.Compute/virtualMachines', '-vm-jump');
    expect(jump.properties).not.toHaveProperty('userData');
  });

  it('writes no key, password or connection string', () => {
    const settings = ['web', 'workers'].flatMap((n) =>
      tfUserData(
        tfBlock(
          n === 'web' ? 'azurerm_linux_virtual_machine' : 'azurerm_linux_virtual_machine_scale_set',
          n,
        ),
      ),
    );
    expect(settings).not.toEqual([]);
    const secret = /(access|primary|secondary)_?key|connection_?string|listKeys|password/i;
    expect(settings.filter((s) => secret.test(s))).toEqual([]);
  });

  it('checks against the provider schemas and ARM types', async () => {
    const arm = (['arm', 'bicep'] as const).flatMap((format) => {
      const r = generate(design, { format, layout: 'single' });
      return r.ok ? r.files : [];
    });
    expect(
      await checkOutput([...terraformFiles(design), ...arm], sharedOrBundledSchemas()),
    ).toEqual([]);
  });
});
