import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Cloud SQL user's password is a write-only variable: a workload with a data connection to the
 * instance is told the database, the user and the secret that keeps the password, and may read
 * that secret. Before, it got the host and connection name alone and could not sign in.
 */
describe('gcp: clients of a Cloud SQL instance sign in as its user', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api', group: 'sn-0' },
      { id: 'vm', service: 'gcp.compute-instance', name: 'vm', group: 'sn-0' },
      {
        id: 'orders',
        service: 'gcp.cloud-sql-mysql',
        name: 'orders',
        group: 'sn-1',
        properties: { database: 'shop', adminUser: 'shopper' },
      },
      { id: 'idle', service: 'gcp.cloud-sql-postgres', name: 'idle', group: 'sn-1' },
    ],
    connections: [
      { from: 'api', to: 'orders', type: 'data' },
      { from: 'vm', to: 'orders', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('keeps the password in a secret of its own, written write-only from the variable', () => {
    const secret = resourceBlock(hcl, 'google_secret_manager_secret', 'orders_password');
    expect(secret).toMatch(/location = var\.region/);
    const version = resourceBlock(hcl, 'google_secret_manager_secret_version', 'orders_password');
    expect(version).toMatch(/secret\s+= google_secret_manager_secret\.orders_password\.id/);
    expect(version).toMatch(/secret_data_wo\s+= var\.orders_password/);
    expect(version).not.toMatch(/secret_data\s+=/);
    const user = resourceBlock(hcl, 'google_sql_user', 'orders');
    expect(user).toMatch(/password_wo\s+= var\.orders_password/);
  });

  it('tells each client the database, user and secret beside host and connection name', () => {
    const run = resourceBlock(hcl, 'google_cloud_run_v2_service', 'api');
    const env = [...run.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(env).toEqual([
      'ORDERS_CONNECTION_NAME=google_sql_database_instance.orders.connection_name',
      'ORDERS_DATABASE=google_sql_database.orders.name',
      'ORDERS_HOST=google_sql_database_instance.orders.private_ip_address',
      'ORDERS_PASSWORD_SECRET=google_secret_manager_secret.orders_password.id',
      'ORDERS_USER=google_sql_user.orders.name',
    ]);
    const vm = resourceBlock(hcl, 'google_compute_instance', 'vm');
    expect(vm).toMatch(
      /ORDERS_PASSWORD_SECRET\s+= google_secret_manager_secret\.orders_password\.id/,
    );
    expect(vm).toMatch(/ORDERS_USER\s+= google_sql_user\.orders\.name/);
  });

  it('lets each client read that secret', () => {
    for (const local of ['api', 'vm']) {
      const grant = resourceBlock(
        hcl,
        'google_secret_manager_secret_iam_member',
        `${local}_to_orders`,
      );
      expect(grant).toMatch(/secret_id = google_secret_manager_secret\.orders_password\.secret_id/);
      expect(grant).toMatch(/role\s+= "roles\/secretmanager\.secretAccessor"/);
      expect(grant).toContain(`google_service_account.${local}.email`);
    }
  });

  it('gives an instance nobody connects to no secret', () => {
    expect(hcl).not.toContain('"google_secret_manager_secret" "idle_password"');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
