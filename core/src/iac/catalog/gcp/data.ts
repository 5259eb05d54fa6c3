import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, tfVar } from '../../ir/terraform-ir';
import { gcpNetworkRef } from './network';

/** Google Cloud data and messaging: Cloud Storage, Cloud SQL, Pub/Sub, Secret Manager. */
export const gcpBucket = defineService({
  id: 'gcp.cloud-storage',
  cloud: 'gcp',
  kind: 'object-storage',
  name: 'Cloud Storage bucket',
  category: 'storage',
  description: 'Bucket with uniform access, public access prevention and versioning.',
  icon: 'gcp-cloud-storage',
  properties: [
    enumProp(
      'storageClass',
      'Storage class',
      ['STANDARD', 'NEARLINE', 'COLDLINE', 'ARCHIVE'],
      'STANDARD',
    ),
    boolProp('versioning', 'Versioning', true),
  ],
  placement: 'none',
  naming: { rule: 'gcp-bucket', abbreviation: 'gcs' },
  emits: { terraform: ['google_storage_bucket'] },
  terraform: (ctx) => {
    const bucket = ctx.resource('google_storage_bucket', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
      storage_class: ctx.prop('storageClass'),
      uniform_bucket_level_access: true,
      public_access_prevention: 'enforced',
      labels: ctx.tags(),
      versioning: block({ enabled: ctx.prop('versioning') }),
    });
    ctx.output('url', `URL of bucket ${ctx.node.name}`, ref(bucket.address, 'url'));
  },
});

const SQL_TIERS = [
  'db-f1-micro',
  'db-g1-small',
  'db-custom-1-3840',
  'db-custom-2-7680',
  'db-custom-4-15360',
  'db-custom-8-30720',
];

export const gcpCloudSqlPostgres = defineService({
  id: 'gcp.cloud-sql-postgres',
  cloud: 'gcp',
  kind: 'postgresql',
  name: 'Cloud SQL for PostgreSQL',
  category: 'databases',
  description:
    'Private-IP Cloud SQL instance (private services access on its network), a database and a user.',
  icon: 'gcp-cloud-sql',
  properties: [
    enumProp(
      'version',
      'Version',
      ['POSTGRES_17', 'POSTGRES_16', 'POSTGRES_15', 'POSTGRES_14'],
      'POSTGRES_16',
    ),
    enumProp('tier', 'Machine tier', SQL_TIERS, 'db-custom-1-3840'),
    enumProp('availability', 'Availability', ['ZONAL', 'REGIONAL'], 'ZONAL'),
    numProp('diskSize', 'Disk (GB)', 20, 10, 65536),
    strProp('database', 'Database name', 'app'),
    strProp('adminUser', 'User', 'app'),
  ],
  placement: 'subnet',
  port: 5432,
  naming: { rule: 'gcp-sql', abbreviation: 'sql' },
  emits: {
    terraform: [
      'google_sql_database_instance',
      'google_sql_database',
      'google_sql_user',
      'google_compute_global_address',
      'google_service_networking_connection',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const network = ctx.network()!;
    // Private services access is one peering per network, shared by its Cloud SQL instances.
    const range = ctx.shared('google_compute_global_address', `${network.local}_private_services`, {
      name: ctx.name('psa', 'gcp-rfc1035'),
      purpose: 'VPC_PEERING',
      address_type: 'INTERNAL',
      prefix_length: 16,
      network: gcpNetworkRef(ctx),
    });
    const peering = ctx.shared(
      'google_service_networking_connection',
      `${network.local}_private_services`,
      {
        network: gcpNetworkRef(ctx),
        service: 'servicenetworking.googleapis.com',
        reserved_peering_ranges: [ref(range.address, 'name')],
      },
    );
    const instance = ctx.resource(
      'google_sql_database_instance',
      local,
      {
        name: ctx.name(),
        database_version: ctx.prop('version'),
        region: tfVar('region'),
        deletion_protection: true,
        settings: block({
          tier: ctx.prop('tier'),
          availability_type: ctx.prop('availability'),
          disk_size: ctx.prop('diskSize'),
          disk_type: 'PD_SSD',
          user_labels: ctx.tags(),
          ip_configuration: block({ ipv4_enabled: false, private_network: gcpNetworkRef(ctx) }),
          backup_configuration: block({ enabled: true, point_in_time_recovery_enabled: true }),
        }),
      },
      [peering.address],
    );
    ctx.resource('google_sql_database', local, {
      name: ctx.prop('database'),
      instance: ref(instance.address, 'name'),
    });
    ctx.resource('google_sql_user', local, {
      name: ctx.prop('adminUser'),
      instance: ref(instance.address, 'name'),
      password: ctx.variable({
        name: `${local}_password`,
        type: 'string',
        description: `Password of the database user of ${ctx.node.name}.`,
        sensitive: true,
      }),
    });
    ctx.output(
      'private_ip',
      `Private IP of ${ctx.node.name}`,
      ref(instance.address, 'private_ip_address'),
    );
  },
});

export const gcpPubSub = defineService({
  id: 'gcp.pubsub-topic',
  cloud: 'gcp',
  kind: 'topic',
  name: 'Pub/Sub topic',
  category: 'messaging',
  description: 'Topic with a pull subscription for its consumers.',
  icon: 'gcp-pubsub',
  properties: [
    enumProp('retention', 'Message retention', ['600s', '86400s', '604800s'], '86400s'),
    numProp('ackDeadline', 'Ack deadline (s)', 30, 10, 600),
  ],
  placement: 'none',
  naming: { rule: 'gcp-pubsub', abbreviation: 'ps' },
  emits: { terraform: ['google_pubsub_topic', 'google_pubsub_subscription'] },
  terraform: (ctx) => {
    const topic = ctx.resource('google_pubsub_topic', ctx.node.local, {
      name: ctx.name(),
      message_retention_duration: ctx.prop('retention'),
      labels: ctx.tags(),
    });
    ctx.resource('google_pubsub_subscription', ctx.node.local, {
      name: ctx.name('sub'),
      topic: ref(topic.address, 'id'),
      ack_deadline_seconds: ctx.prop('ackDeadline'),
      labels: ctx.tags(),
    });
    ctx.output('topic', `Topic ${ctx.node.name}`, ref(topic.address, 'id'));
  },
});

export const gcpSecret = defineService({
  id: 'gcp.secret-manager',
  cloud: 'gcp',
  kind: 'secret',
  name: 'Secret Manager secret',
  category: 'security',
  description: 'Secret with automatic replication; its value comes from a sensitive variable.',
  icon: 'gcp-secret-manager',
  properties: [],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'sec' },
  emits: { terraform: ['google_secret_manager_secret', 'google_secret_manager_secret_version'] },
  terraform: (ctx) => {
    const secret = ctx.resource('google_secret_manager_secret', ctx.node.local, {
      secret_id: ctx.name(),
      labels: ctx.tags(),
      replication: block({ auto: block({}) }),
    });
    ctx.resource('google_secret_manager_secret_version', ctx.node.local, {
      secret: ref(secret.address, 'id'),
      secret_data: ctx.variable({
        name: `${ctx.node.local}_value`,
        type: 'string',
        description: `Value of secret ${ctx.node.name}.`,
        sensitive: true,
      }),
    });
    ctx.output('secret', `Secret ${ctx.node.name}`, ref(secret.address, 'id'));
  },
});
