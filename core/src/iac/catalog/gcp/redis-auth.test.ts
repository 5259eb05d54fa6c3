import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Memorystore for Redis instance takes AUTH over TLS: a workload with a data connection to it
 * is told its host, port, the secret holding the AUTH string and the server CA, and may read that
 * secret. Before, it got the host and port alone: no client could sign in or verify the server.
 */
describe('gcp: clients of a Memorystore instance sign in with its AUTH string', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api', group: 'sn-0' },
      { id: 'fn', service: 'gcp.cloud-function', name: 'fn' },
      { id: 'cache', service: 'gcp.memorystore-redis', name: 'sessions', group: 'sn-1' },
      { id: 'idle', service: 'gcp.memorystore-redis', name: 'idle', group: 'sn-1' },
    ],
    connections: [
      { from: 'api', to: 'cache', type: 'data' },
      { from: 'fn', to: 'cache', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('keeps the AUTH string in a secret of its own, written write-only', () => {
    const secret = resourceBlock(hcl, 'google_secret_manager_secret', 'cache_auth');
    expect(secret).toMatch(/location = var\.region/);
    const version = resourceBlock(hcl, 'google_secret_manager_secret_version', 'cache_auth');
    expect(version).toMatch(/secret\s+= google_secret_manager_secret\.cache_auth\.id/);
    expect(version).toMatch(/secret_data_wo\s+= google_redis_instance\.cache\.auth_string/);
    expect(version).toMatch(/secret_data_wo_version = 1/);
    // A replaced instance has a new AUTH string: the version is replaced with it.
    expect(version).toMatch(/replace_triggered_by = \[google_redis_instance\.cache\]/);
    expect(version).not.toMatch(/secret_data\s+=/);
  });

  it('tells each client the host, port, secret and server CA', () => {
    const run = resourceBlock(hcl, 'google_cloud_run_v2_service', 'api');
    const env = [...run.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(env).toEqual([
      'CACHE_AUTH_SECRET=google_secret_manager_secret.cache_auth.id',
      'CACHE_CA_CERT=google_redis_instance.cache.server_ca_certs[0].cert',
      'CACHE_HOST=google_redis_instance.cache.host',
      'CACHE_PORT=google_redis_instance.cache.port',
    ]);
    const fn = resourceBlock(hcl, 'google_cloudfunctions2_function', 'fn');
    expect(fn).toMatch(/CACHE_AUTH_SECRET\s+= google_secret_manager_secret\.cache_auth\.id/);
    expect(fn).toMatch(
      /CACHE_CA_CERT\s+= google_redis_instance\.cache\.server_ca_certs\[0\]\.cert/,
    );
  });

  it('lets each client read that secret, and nothing more', () => {
    for (const local of ['api', 'fn']) {
      const grant = resourceBlock(
        hcl,
        'google_secret_manager_secret_iam_member',
        `${local}_to_cache`,
      );
      expect(grant).toMatch(/secret_id = google_secret_manager_secret\.cache_auth\.secret_id/);
      expect(grant).toMatch(/role\s+= "roles\/secretmanager\.secretAccessor"/);
      expect(grant).toContain(`google_service_account.${local}.email`);
    }
  });

  it('gives an instance nobody reads no secret', () => {
    expect(hcl).not.toContain('"google_secret_manager_secret" "idle_auth"');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
