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
  'CATALOG_MONGODB_URL',
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
    expect(keys(metadata)).toEqual(['ssh_authorized_keys', ...SETTINGS]);
    expect(metadata).toMatch(
      /ORDERS_HOST\s+= oci_psql_db_system\.orders\.network_details\[0\]\.primary_db_endpoint_private_ip\n/,
    );
    expect(metadata).toMatch(
      /CATALOG_MONGODB_URL\s+= oci_database_autonomous_database\.catalog\.connection_urls\[0\]\.mongo_db_url\n/,
    );
    expect(metadata).toMatch(/UPLOADS_BUCKET\s+= oci_objectstorage_bucket\.uploads\.name\n/);
    expect(metadata).toMatch(/INGEST_QUEUE_ID\s+= oci_queue_queue\.ingest\.id\n/);
    expect(metadata).toMatch(
      /INGEST_QUEUE_ENDPOINT\s+= oci_queue_queue\.ingest\.messages_endpoint$/,
    );
    // Settings only: no user data, and no secret's value.
    expect(metadata).not.toMatch(/user_data|secret_content|password/i);
  });

  it('keeps the metadata of an instance without data connections to its SSH key', () => {
    expect(keys(metadataOf(hcl, 'oci_core_instance', 'bare'))).toEqual(['ssh_authorized_keys']);
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
    expect(metadata).toMatch(
      /SHARED_MOUNT_IP\s+= oci_file_storage_mount_target\.shared\.ip_address\n/,
    );
    expect(metadata).toMatch(/SHARED_EXPORT_PATH\s+= oci_file_storage_export\.shared\.path/);
    expect(await checkOutput(terraformFiles(more))).toEqual([]);
  });
});
