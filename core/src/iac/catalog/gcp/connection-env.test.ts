import { describe, expect, it } from 'vitest';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** main.tf of a workload with data connections to a bucket, a Cloud SQL instance and a secret. */
function mainOf(workload: Record<string, unknown>) {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', name: 'api', ...workload },
      { id: 'uploads', service: 'gcp.cloud-storage', name: 'uploads' },
      { id: 'orders-db', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-1' },
      { id: 'token', service: 'gcp.secret-manager', name: 'token' },
    ],
    connections: ['token', 'orders-db', 'uploads'].map((to) => ({ from: 'api', to, type: 'data' })),
  });
  return terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
}

describe('a GCP workload is told where the stores it connects to are', () => {
  it('Cloud Run: one env entry per setting, in the order of their names', () => {
    const main = mainOf({ service: 'gcp.cloud-run', group: 'sn-0' });
    const env = [...main.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(env).toEqual([
      'ORDERS_DB_CONNECTION_NAME=google_sql_database_instance.orders_db.connection_name',
      'ORDERS_DB_DATABASE=google_sql_database.orders_db.name',
      'ORDERS_DB_HOST=google_sql_database_instance.orders_db.private_ip_address',
      'ORDERS_DB_PASSWORD_SECRET=google_secret_manager_secret.orders_db_password.id',
      'ORDERS_DB_USER=google_sql_user.orders_db.name',
      'TOKEN_SECRET=google_secret_manager_secret.token.id',
      'UPLOADS_BUCKET=google_storage_bucket.uploads.name',
    ]);
  });

  it('a function: the same settings as environment variables, a secret by its id only', () => {
    const main = mainOf({ service: 'gcp.cloud-function' });
    expect(main).toMatch(
      /environment_variables = \{\s*ORDERS_DB_CONNECTION_NAME = google_sql_database_instance\.orders_db\.connection_name\s*ORDERS_DB_DATABASE\s+= google_sql_database\.orders_db\.name\s*ORDERS_DB_HOST\s+= google_sql_database_instance\.orders_db\.private_ip_address\s*ORDERS_DB_PASSWORD_SECRET\s+= google_secret_manager_secret\.orders_db_password\.id\s*ORDERS_DB_USER\s+= google_sql_user\.orders_db\.name\s*TOKEN_SECRET\s+= google_secret_manager_secret\.token\.id\s*UPLOADS_BUCKET\s+= google_storage_bucket\.uploads\.name\s*\}/,
    );
  });
});

/**
 * A queue's consumer is told the subscription it pulls from beside the topic it publishes to.
 * Before, it got `<QUEUE>_TOPIC` only: it was allowed to consume the queue's subscription but not
 * told its name, which it had to work out from the naming convention.
 */
describe("a GCP queue's consumers are told its subscription", () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
      { id: 'batch', service: 'gcp.compute-instance', name: 'batch', group: 'sn-0' },
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
    ],
    connections: ['batch', 'api'].map((from) => ({ from, to: 'jobs', type: 'data' })),
  });
  const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;

  it('in the metadata of a VM and the environment of a Cloud Run service', () => {
    expect(main).toMatch(
      /JOBS_SUBSCRIPTION\s+= google_pubsub_subscription\.jobs\.id\s+JOBS_TOPIC\s+= google_pubsub_topic\.jobs\.id/,
    );
    expect(main).toMatch(
      /name\s+= "JOBS_SUBSCRIPTION"\s+value = google_pubsub_subscription\.jobs\.id/,
    );
  });
});

/**
 * A function the queue pushes to (its data connection makes the queue its trigger) receives the
 * messages from a push subscription of its own: told the pull subscription as well, it was
 * invited to take each message a second time.
 */
describe('a function a GCP queue pushes to is not told its pull subscription', () => {
  const main = terraformFiles(
    smallDesign({
      cloud: 'gcp',
      components: [
        { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
        { id: 'worker', service: 'gcp.cloud-function', name: 'worker' },
      ],
      connections: [{ from: 'worker', to: 'jobs', type: 'data' }],
    }),
  ).find((f) => f.path === 'main.tf')!.content;

  it('gets the topic it may publish to, and the push subscription delivers to it', () => {
    const fn = resourceBlock(main, 'google_cloudfunctions2_function', 'worker');
    expect(fn).toMatch(/JOBS_TOPIC = google_pubsub_topic\.jobs\.id/);
    expect(fn).not.toMatch(/JOBS_SUBSCRIPTION/);
    expect(resourceBlock(main, 'google_pubsub_subscription', 'jobs_worker')).toMatch(
      /push_endpoint = google_cloudfunctions2_function\.worker\.url/,
    );
  });
});
