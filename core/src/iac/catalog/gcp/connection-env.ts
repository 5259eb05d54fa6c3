import type { TNode, TTfBuildContext } from '../service';
import { isSender } from '../senders';
import { settingNamer } from '../setting-names';
import { ref, tfVar, tpl, type TTfValue } from '../../ir/terraform-ir';
import { primaryRef, redisAuthSecretRef } from './shared';
import { sqlPasswordSecretRef } from './sql-password';
import { mongoDbUri } from './databases';
import { pullSubscriptionRef, pulledTopics } from './topic-pull';
import { triggerQueue } from './queue-push';

/** An attribute of the store's first resource, or a value built from the store. */
/** Undefined: the setting is not the workload's (a queue's subscription, for a function it pushes to). */
type TSetting = string | ((ctx: TTfBuildContext, t: TNode) => TTfValue | undefined);

/**
 * A Cloud SQL client signs in to the database as its user, with the password it reads from the
 * instance's secret by id (sql-password.ts).
 */
const CLOUD_SQL: Readonly<Record<string, TSetting>> = {
  HOST: 'private_ip_address',
  CONNECTION_NAME: 'connection_name',
  DATABASE: (ctx, t) => ref(ctx.address(t, 'google_sql_database'), 'name'),
  USER: (ctx, t) => ref(ctx.address(t, 'google_sql_user'), 'name'),
  PASSWORD_SECRET: (ctx, t) => sqlPasswordSecretRef(ctx, t, 'id'),
};

/**
 * What a Cloud Run service or function is told of each store it reads or writes, as
 * environment variables named after the store (`ORDERS_HOST`): the names, hosts and ids the
 * client libraries take, so the code finds what the design connected without a second
 * configuration. Secrets are named, never read into the environment.
 */
const SETTINGS: Readonly<Record<string, Readonly<Record<string, TSetting>>>> = {
  'gcp.cloud-storage': { BUCKET: 'name' },
  // A queue's consumers pull from its subscription, which they may consume (grantData).
  'gcp.pubsub-queue': {
    TOPIC: 'id',
    // A function the queue pushes to receives its messages from a push subscription of its own
    // (queue-push.ts): told the pull subscription, it would take them twice. A sender (senders.ts)
    // may not consume.
    SUBSCRIPTION: (ctx, t) =>
      (ctx.node.service.kind === 'function' && triggerQueue(ctx, ctx.node) === t) ||
      isSender(t, ctx.node)
        ? undefined
        : ref(ctx.address(t, 'google_pubsub_subscription'), 'id'),
  },
  'gcp.pubsub-topic': { TOPIC: 'id' },
  'gcp.cloud-sql-postgres': CLOUD_SQL,
  'gcp.cloud-sql-mysql': CLOUD_SQL,
  'gcp.cloud-sql-sqlserver': CLOUD_SQL,
  // AUTH and in-transit TLS are on: the client reads the AUTH string from the secret by id and
  // trusts the server CA (a public certificate).
  'gcp.memorystore-redis': {
    HOST: 'host',
    PORT: 'port',
    AUTH_SECRET: (ctx, t) => redisAuthSecretRef(ctx, t, 'id'),
    CA_CERT: 'server_ca_certs[0].cert',
  },
  'gcp.secret-manager': { SECRET: 'id' },
  'gcp.firestore': { DATABASE: 'name' },
  // A MongoDB driver takes the connection string; the database is named in it too.
  'gcp.firestore-mongodb': {
    DATABASE: 'name',
    MONGODB_URI: (ctx, t) => mongoDbUri(ctx.address(t, 'google_firestore_database')),
  },
  'gcp.bigquery': { DATASET: 'dataset_id' },
  // The client libraries open a database of an instance, a table of an instance.
  'gcp.spanner': {
    INSTANCE: 'name',
    DATABASE: (ctx, t) => ref(ctx.address(t, 'google_spanner_database'), 'name'),
  },
  'gcp.bigtable': {
    INSTANCE: 'name',
    TABLE: (ctx, t) => ref(ctx.address(t, 'google_bigtable_table'), 'name'),
  },
  'gcp.cloud-tasks': { QUEUE: 'id' },
  // An NFSv3 export at <HOST>:/<SHARE>, which a VM mounts (readme-filestore.ts). A cluster's
  // pods cannot mount from their environment: a PersistentVolume names the share, from the
  // instance's output, so a cluster is told nothing.
  'gcp.filestore': {
    HOST: (ctx, t) =>
      isCluster(ctx) ? undefined : primaryRef(ctx, t, 'networks[0].ip_addresses[0]'),
    SHARE: (ctx, t) => (isCluster(ctx) ? undefined : primaryRef(ctx, t, 'file_shares[0].name')),
  },
  // An execution is started on the workflow's full name (projects/…/workflows/…).
  'gcp.workflows': { WORKFLOW: 'id' },
  'gcp.eventarc-bus': { BUS: 'id' },
  'gcp.cloud-kms': { KEY: 'id' },
  // The provider exposes no bootstrap address; Google documents it as
  // bootstrap.<cluster_id>.<region>.managedkafka.<project_id>.cloud.goog:9092 (Google Cloud
  // Managed Service for Apache Kafka, "Connect to a cluster").
  'gcp.managed-kafka': {
    BOOTSTRAP_SERVERS: (ctx, t) =>
      tpl(
        'bootstrap.',
        primaryRef(ctx, t, 'cluster_id'),
        '.',
        tfVar('region'),
        '.managedkafka.',
        tfVar('project_id'),
        '.cloud.goog:9092',
      ),
  },
};

const isCluster = (ctx: TTfBuildContext): boolean => ctx.node.service.kind === 'kubernetes';

/** In the order of their names, not of the connections: drawing one more moves no other. */
export function connectionEnv(ctx: TTfBuildContext): Record<string, TTfValue> {
  const env: [string, TTfValue][] = [];
  const targets = ctx.outgoing('data');
  const topics = pulledTopics(ctx);
  const settingName = settingNamer([...targets.map((e) => e.node), ...topics]);
  for (const { node: t } of targets) {
    for (const [name, setting] of Object.entries(SETTINGS[t.service.id] ?? {})) {
      const value = typeof setting === 'string' ? primaryRef(ctx, t, setting) : setting(ctx, t);
      if (value !== undefined) env.push([settingName(t, name), value]);
    }
  }
  // A topic delivering to a VM, instance group or cluster: the subscription it pulls from, by
  // its full name (projects/…/subscriptions/…), which the subscriber clients take.
  for (const t of topics)
    env.push([settingName(t, 'SUBSCRIPTION'), pullSubscriptionRef(ctx, t, 'id')]);
  return Object.fromEntries(env.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
