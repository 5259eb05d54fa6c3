import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A VM and a managed instance group are told where their stores are as a Cloud Run service is,
 * in instance metadata (decision 0033): the same names, read from the metadata server.
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-0' },
    { id: 'bastion', service: 'gcp.compute-instance', name: 'bastion', group: 'sn-0' },
    { id: 'orders-db', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-1' },
    { id: 'cache', service: 'gcp.memorystore-redis', name: 'cache', group: 'sn-1' },
    { id: 'uploads', service: 'gcp.cloud-storage', name: 'uploads' },
  ],
  connections: ['app', 'web'].flatMap((from) =>
    ['uploads', 'orders-db', 'cache'].map((to) => ({ from, to, type: 'data' })),
  ),
});

/** The `metadata = { … }` map of one resource, as `key=value` lines in their written order. */
function metadataOf(hcl: string, type: string, local: string): string[] {
  const body = resourceBlock(hcl, type, local);
  const map = /\n {2}metadata = \{\n([\s\S]*?)\n {2}\}/.exec(body)?.[1] ?? '';
  return map.split('\n').map((line) => line.trim().replace(/\s*=\s*/, '='));
}

/** The keys Compute Engine reads (os-login.ts). */
const OS_LOGIN = ['enable-oslogin="TRUE"', 'block-project-ssh-keys="TRUE"'];

const SETTINGS = [
  'CACHE_AUTH_SECRET=google_secret_manager_secret.cache_auth.id',
  'CACHE_CA_CERT=google_redis_instance.cache.server_ca_certs[0].cert',
  'CACHE_HOST=google_redis_instance.cache.host',
  'CACHE_PORT=google_redis_instance.cache.port',
  'ORDERS_DB_CONNECTION_NAME=google_sql_database_instance.orders_db.connection_name',
  'ORDERS_DB_DATABASE=google_sql_database.orders_db.name',
  'ORDERS_DB_HOST=google_sql_database_instance.orders_db.private_ip_address',
  'ORDERS_DB_PASSWORD_SECRET=google_secret_manager_secret.orders_db_password.id',
  'ORDERS_DB_USER=google_sql_user.orders_db.name',
  'UPLOADS_BUCKET=google_storage_bucket.uploads.name',
];

describe('gcp: virtual machines get their connection settings in instance metadata', () => {
  const hcl = mainTf(design);

  it('a Compute Engine instance: its own keys first, then one key per setting by name', () => {
    expect(metadataOf(hcl, 'google_compute_instance', 'app')).toEqual([...OS_LOGIN, ...SETTINGS]);
  });

  it("a managed instance group: the same keys in its template's metadata", () => {
    expect(metadataOf(hcl, 'google_compute_instance_template', 'web')).toEqual([
      ...OS_LOGIN,
      'startup-script=var.web_startup_script',
      ...SETTINGS,
    ]);
  });

  it('a VM without data connections has only its own keys', () => {
    expect(metadataOf(hcl, 'google_compute_instance', 'bastion')).toEqual(OS_LOGIN);
  });

  it('passes the schema check (a number attribute in the string map included)', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
