import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Instances and instance pools learn where their stores are from instance metadata, under the
 * names a function gets (decision 0033).
 */
const STORES = [
  { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'sn-1' },
  { id: 'catalog', service: 'oci.autonomous-json', name: 'catalog', group: 'sn-1' },
  { id: 'uploads', service: 'oci.object-storage', name: 'uploads' },
  { id: 'ingest', service: 'oci.queue', name: 'ingest' },
];

const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'sn-0' },
    { id: 'bare', service: 'oci.compute-instance', name: 'bare', group: 'sn-0' },
    ...STORES,
  ],
  connections: ['app', 'web'].flatMap((from) =>
    STORES.map((s) => ({ from, to: s.id, type: 'data' })),
  ),
});

/** The `metadata = { ... }` object inside the given resource's block. */
function metadataOf(hcl: string, type: string, name: string): string {
  const body = resourceBlock(hcl, type, name);
  return /metadata\s+= \{\n([\s\S]*?)\n\s*\}/.exec(body)?.[1] ?? '';
}

const keys = (metadata: string) => [...metadata.matchAll(/^\s*(\w+)\s+=/gm)].map((m) => m[1]);

const SETTINGS = [
  'ORDERS_HOST',
  'ORDERS_PORT',
  'ORDERS_USER',
  'CATALOG_MONGODB_URL',
  'CATALOG_USER',
  'UPLOADS_BUCKET',
  'INGEST_QUEUE_ID',
  'INGEST_QUEUE_ENDPOINT',
];

describe('oci: connection settings of virtual machines', () => {
  const hcl = mainTf(design);

  it.each([
    ['an instance', 'oci_core_instance', 'app'],
    ['an instance pool', 'oci_core_instance_configuration', 'web'],
  ])('gives %s its settings as metadata keys beside the SSH key', (_, type, name) => {
    const metadata = metadataOf(hcl, type, name);
    expect(keys(metadata)).toEqual(['ssh_authorized_keys', 'user_data', ...SETTINGS]);
    expect(metadata).toMatch(
      /ORDERS_HOST\s+= oci_psql_db_system\.orders\.network_details\[0\]\.primary_db_endpoint_private_ip\n/,
    );
    expect(metadata).toMatch(/ORDERS_PORT\s+= "5432"\n/);
    expect(metadata).toMatch(
      /ORDERS_USER\s+= oci_psql_db_system\.orders\.credentials\[0\]\.username\n/,
    );
    expect(metadata).toMatch(
      /CATALOG_MONGODB_URL\s+= oci_database_autonomous_database\.catalog\.connection_urls\[0\]\.mongo_db_url\n/,
    );
    expect(metadata).toMatch(/UPLOADS_BUCKET\s+= oci_objectstorage_bucket\.uploads\.name\n/);
    expect(metadata).toMatch(/INGEST_QUEUE_ID\s+= oci_queue_queue\.ingest\.id\n/);
    expect(metadata).toMatch(
      /INGEST_QUEUE_ENDPOINT\s+= oci_queue_queue\.ingest\.messages_endpoint$/,
    );
    // Settings (and the host firewall's user data, host-firewall.test.ts): no secret's value.
    expect(metadata).not.toMatch(/secret_content|password/i);
  });

  it('keeps the metadata of an instance without data connections to its SSH key and user data', () => {
    expect(keys(metadataOf(hcl, 'oci_core_instance', 'bare'))).toEqual([
      'ssh_authorized_keys',
      'user_data',
    ]);
  });

  it('replaces the configuration of a pool before deleting the old one', () => {
    expect(hcl).toMatch(
      /resource "oci_core_instance_configuration" "web" \{[\s\S]*?lifecycle \{\n\s+create_before_destroy = true\n\s+\}\n\}/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/** Streams, data warehouses and file systems are found too, by a VM or a function. */
describe('oci: settings of streams, data warehouses and file systems', () => {
  const stores = [
    { id: 'readings', service: 'oci.streaming', name: 'readings' },
    { id: 'warehouse', service: 'oci.autonomous-data-warehouse', name: 'warehouse', group: 'sn-1' },
    { id: 'shared', service: 'oci.file-storage', name: 'shared', group: 'sn-1' },
  ];
  const more = smallDesign({
    cloud: 'oci',
    components: [
      { id: 'loader', service: 'oci.compute-instance', name: 'loader', group: 'sn-0' },
      ...stores,
    ],
    connections: stores.map((s) => ({ from: 'loader', to: s.id, type: 'data' })),
  });

  it('names each store and where to reach it', async () => {
    const metadata = metadataOf(mainTf(more), 'oci_core_instance', 'loader');
    expect(metadata).toMatch(/READINGS_STREAM_ID\s+= oci_streaming_stream\.readings\.id\n/);
    expect(metadata).toMatch(
      /READINGS_STREAM_ENDPOINT\s+= oci_streaming_stream\.readings\.messages_endpoint\n/,
    );
    expect(metadata).toMatch(/WAREHOUSE_ID\s+= oci_database_autonomous_database\.warehouse\.id\n/);
    expect(metadata).toMatch(
      /WAREHOUSE_CONNECTION_STRING\s+= oci_database_autonomous_database\.warehouse\.connection_strings\[0\]\.high\n/,
    );
    expect(metadata).toMatch(/WAREHOUSE_USER\s+= "ADMIN"\n/);
    expect(metadata).toMatch(
      /SHARED_MOUNT_IP\s+= oci_file_storage_mount_target\.shared\.ip_address\n/,
    );
    expect(metadata).toMatch(/SHARED_EXPORT_PATH\s+= oci_file_storage_export\.shared\.path/);
    expect(await checkOutput(terraformFiles(more))).toEqual([]);
  });
});

/**
 * A database's admin password, generated by Vault when the database is connected to a vault, is
 * named by its secret's OCID, and the dynamic group that grants the database may read it.
 */
describe('oci: the admin password of a database in Vault', () => {
  const withVault = smallDesign({
    cloud: 'oci',
    components: [
      { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
      { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'sn-1' },
      { id: 'ledger', service: 'oci.mysql-heatwave', name: 'ledger', group: 'sn-1' },
      { id: 'keys', service: 'oci.vault', name: 'keys' },
      { id: 'apps', service: 'oci.dynamic-group', name: 'apps' },
    ],
    connections: [
      { from: 'app', to: 'orders', type: 'data' },
      { from: 'app', to: 'ledger', type: 'data' },
      { from: 'orders', to: 'keys', type: 'data' },
      { from: 'apps', to: 'orders', type: 'data' },
    ],
  });
  const hcl = mainTf(withVault);

  it('names the secret beside the host, port and user', () => {
    const metadata = metadataOf(hcl, 'oci_core_instance', 'app');
    expect(metadata).toMatch(/ORDERS_SECRET_ID\s+= oci_vault_secret\.orders_admin\.id\n/);
    expect(metadata).toMatch(/LEDGER_HOST\s+= oci_mysql_mysql_db_system\.ledger\.ip_address\n/);
    expect(metadata).toMatch(/LEDGER_PORT\s+= oci_mysql_mysql_db_system\.ledger\.port\n/);
    expect(metadata).toMatch(/LEDGER_USER\s+= oci_mysql_mysql_db_system\.ledger\.admin_username/);
    // A password in a Terraform variable is not the workload's to read from metadata.
    expect(metadata).not.toMatch(/LEDGER_SECRET|password/i);
  });

  it('lets the dynamic group read that one secret', async () => {
    const policy = resourceBlock(hcl, 'oci_identity_policy', 'apps');
    expect(policy).toContain(
      '"Allow dynamic-group ${oci_identity_dynamic_group.apps.name} to read secret-bundles in compartment id ${var.compartment_ocid} where target.secret.id = \'${oci_vault_secret.orders_admin.id}\'"',
    );
    expect(await checkOutput(terraformFiles(withVault))).toEqual([]);
  });
});
