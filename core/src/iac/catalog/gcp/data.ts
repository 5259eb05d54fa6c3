import { defineService, type TServiceDefinition, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, tfVar, tpl, type TTfBody, type TTfValue } from '../../ir/terraform-ir';
import { gcpNetworkRef, privateServicesAccess, redisAuthSecret, zoneOf } from './shared';
import { sqlDatabaseFlags } from './sql-flags';
import { sqlPasswordSecret } from './sql-password';

/** Google Cloud storage and databases: Cloud Storage, Filestore, disks, Cloud SQL, Firestore, Memorystore. */
export const gcpBucket = defineService({
  id: 'gcp.cloud-storage',
  cloud: 'gcp',
  kind: 'object-storage',
  name: 'Cloud Storage bucket',
  category: 'storage',
  description:
    'Bucket with uniform access, versioning and public access prevention (lifted only for a Cloud CDN origin).',
  icon: 'gcp-cloud-storage',
  properties: [
    enumProp(
      'storageClass',
      'Storage class',
      ['STANDARD', 'NEARLINE', 'COLDLINE', 'ARCHIVE'],
      'STANDARD',
    ),
    boolProp('versioning', 'Versioning', true),
    boolProp('forceDestroy', 'Delete with objects', false),
  ],
  placement: 'none',
  naming: { rule: 'gcp-bucket', abbreviation: 'gcs' },
  emits: { terraform: ['google_storage_bucket'] },
  terraform: (ctx) => {
    const cdnOrigin = ctx.incoming().some((e) => e.node.service.kind === 'cdn');
    const bucket = ctx.resource('google_storage_bucket', ctx.node.local, {
      name: ctx.name(),
      location: tfVar('region'),
      storage_class: ctx.prop('storageClass'),
      uniform_bucket_level_access: true,
      public_access_prevention: cdnOrigin ? 'inherited' : 'enforced',
      force_destroy: ctx.prop('forceDestroy'),
      labels: ctx.tags(),
      versioning: block({ enabled: ctx.prop('versioning') }),
    });
    ctx.output('url', `URL of bucket ${ctx.node.name}`, ref(bucket.address, 'url'));
  },
});

/** Filestore capacity limits (GiB) per tier: BASIC_SSD starts at 2.5 TiB. */
const FILESTORE_MIN: Readonly<Record<string, number>> = {
  BASIC_HDD: 1024,
  BASIC_SSD: 2560,
  ZONAL: 1024,
  REGIONAL: 1024,
};

/** The capacity (GiB) a Filestore share gets: what is asked, at least its tier's minimum. */
export const filestoreCapacity = (tier: string, asked: number): number =>
  Math.max(asked, FILESTORE_MIN[tier] ?? 1024);

export const gcpFilestore = defineService({
  id: 'gcp.filestore',
  cloud: 'gcp',
  kind: 'file-storage',
  name: 'Filestore instance',
  category: 'storage',
  description: 'Managed NFSv3 file share on the network (zonal Basic/Zonal tiers, or Regional).',
  icon: 'gcp-filestore',
  properties: [
    enumProp('tier', 'Service tier', Object.keys(FILESTORE_MIN), 'BASIC_HDD'),
    numProp('capacity', 'Capacity (GiB)', 1024, 1024, 65434),
    strProp('shareName', 'File share name', 'share1'),
    enumProp('zone', 'Zone suffix (zonal tiers)', ['a', 'b', 'c'], 'b'),
  ],
  placement: 'network',
  port: 2049,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'nfs' },
  emits: { terraform: ['google_filestore_instance'] },
  terraform: (ctx) => {
    const tier = ctx.value('tier');
    const fs = ctx.resource('google_filestore_instance', ctx.node.local, {
      name: ctx.name(),
      tier: ctx.prop('tier'),
      location: tier === 'REGIONAL' ? tfVar('region') : zoneOf(ctx.value('zone')),
      deletion_protection_enabled: true,
      labels: ctx.tags(),
      file_shares: block({
        name: ctx.prop('shareName'),
        capacity_gb: ctx.prop('capacity', (v) => filestoreCapacity(tier, Number(v))),
      }),
      networks: block({
        network: gcpNetworkRef(ctx, 'name'),
        modes: ['MODE_IPV4'],
        connect_mode: 'DIRECT_PEERING',
      }),
    });
    ctx.output(
      'ip_address',
      `NFS address of ${ctx.node.name}`,
      ref(fs.address, 'networks[0].ip_addresses[0]'),
    );
    // A GKE cluster's PersistentVolume names the instance as modeInstance/<location>/<name>/<share>
    // ("Access pre-existing Filestore instances with the Filestore CSI driver"; readme-filestore.ts).
    if (ctx.incoming('data').some((e) => e.node.service.id === 'gcp.gke'))
      ctx.output(
        'volume_handle',
        `Filestore CSI volume handle of ${ctx.node.name}`,
        tpl(
          'modeInstance/',
          ref(fs.address, 'location'),
          '/',
          ref(fs.address, 'name'),
          '/',
          ref(fs.address, 'file_shares[0].name'),
        ),
      );
  },
});

export const gcpPersistentDisk = defineService({
  id: 'gcp.persistent-disk',
  cloud: 'gcp',
  kind: 'block-storage',
  name: 'Persistent disk',
  category: 'storage',
  description: 'Zonal persistent disk, attached to the VM that connects to it (in that VM’s zone).',
  icon: 'gcp-persistent-disk',
  properties: [
    numProp('size', 'Size (GB)', 100, 10, 65536),
    enumProp('type', 'Disk type', ['pd-balanced', 'pd-ssd', 'pd-standard'], 'pd-balanced'),
    enumProp('zone', 'Zone suffix (when not attached)', ['a', 'b', 'c'], 'b'),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'pd' },
  emits: { terraform: ['google_compute_disk'] },
  terraform: (ctx) => {
    const vm = ctx.incoming().find((e) => e.node.service.kind === 'vm')?.node;
    const zone = String(vm?.properties['zone'] ?? ctx.value('zone'));
    ctx.resource('google_compute_disk', ctx.node.local, {
      name: ctx.name(),
      type: ctx.prop('type'),
      size: ctx.prop('size'),
      zone: zoneOf(zone),
      labels: ctx.tags(),
    });
  },
});

const SQL_TIERS = [
  'db-f1-micro',
  'db-g1-small',
  'db-custom-1-3840',
  'db-custom-2-7680',
  'db-custom-4-15360',
  'db-custom-8-30720',
  'db-custom-16-61440',
];

interface TSqlEngine {
  readonly id: string;
  readonly kind: 'postgresql' | 'mysql' | 'sqlserver';
  readonly name: string;
  readonly versions: readonly string[];
  readonly tiers: readonly string[];
  readonly tier: string;
  readonly port: number;
  readonly abbreviation: string;
}

/**
 * The password of SQL Server's `sqlserver` login, which Cloud SQL requires to create the
 * instance. It can only be given as `root_password`, which the provider keeps in the state (it
 * has no write-only argument for it, as `password_wo` is for the user): Terraform sets the first
 * one and ignores it after that, so the password changed with gcloud after the first apply is
 * neither reset by a later apply nor the one the state holds. The description says so where the
 * value is asked for (variables, the README's secrets).
 */
function sqlServerRootPassword(ctx: TTfBuildContext): TTfValue {
  return ctx.variable({
    name: `${ctx.node.local}_root_password`,
    type: 'string',
    description: `First password of the sqlserver login (the administrator) of ${ctx.node.name}. Cloud SQL requires it to create the instance and the provider keeps it in the Terraform state (it has no write-only argument for it), so change it after the first apply with gcloud sql users set-password sqlserver --instance=<instance> --prompt-for-password: Terraform ignores it after creation.`,
    sensitive: true,
  });
}

/** Cloud SQL, Enterprise edition, private IP through private services access. */
function cloudSql(e: TSqlEngine): TServiceDefinition {
  const isSqlServer = e.kind === 'sqlserver';
  return defineService({
    id: e.id,
    cloud: 'gcp',
    kind: e.kind,
    name: e.name,
    category: 'databases',
    description:
      'Private-IP Cloud SQL instance (Enterprise edition, private services access on its network), automated backups with point-in-time recovery, a database and a user.',
    icon: 'gcp-cloud-sql',
    properties: [
      enumProp('version', 'Version', e.versions, e.versions[isSqlServer ? 0 : 1]!),
      enumProp('tier', 'Machine tier', e.tiers, e.tier),
      enumProp('availability', 'Availability', ['ZONAL', 'REGIONAL'], 'ZONAL'),
      numProp('diskSize', 'Disk (GB)', isSqlServer ? 20 : 20, 10, 65536),
      numProp('backupDays', 'Backups kept', 7, 1, 365),
      strProp('database', 'Database name', 'app'),
      strProp('adminUser', 'User', isSqlServer ? 'sqladmin' : 'app'),
      boolProp('deletionProtection', 'Deletion protection', true),
    ],
    placement: 'subnet',
    port: e.port,
    naming: { rule: 'gcp-sql', abbreviation: e.abbreviation },
    emits: {
      terraform: [
        'google_sql_database_instance',
        'google_sql_database',
        'google_sql_user',
        'google_compute_global_address',
        'google_service_networking_connection',
        'google_secret_manager_secret',
        'google_secret_manager_secret_version',
      ],
    },
    terraform: (ctx) => {
      const local = ctx.node.local;
      const peering = privateServicesAccess(ctx);
      const password = (suffix: string, what: string) =>
        ctx.variable({
          name: `${local}_${suffix}`,
          type: 'string',
          description: `${what} of ${ctx.node.name}.`,
          sensitive: true,
        });
      const backups: TTfBody = {
        enabled: true,
        start_time: '03:00',
        ...(e.kind === 'mysql'
          ? { binary_log_enabled: true }
          : { point_in_time_recovery_enabled: true }),
        backup_retention_settings: block({ retained_backups: ctx.prop('backupDays') }),
      };
      const instance = ctx.resource(
        'google_sql_database_instance',
        local,
        {
          name: ctx.name(),
          database_version: ctx.prop('version'),
          region: tfVar('region'),
          deletion_protection: ctx.prop('deletionProtection'),
          ...(isSqlServer ? { root_password: sqlServerRootPassword(ctx) } : {}),
          settings: block({
            tier: ctx.prop('tier'),
            edition: 'ENTERPRISE',
            availability_type: ctx.prop('availability'),
            disk_size: ctx.prop('diskSize'),
            disk_type: 'PD_SSD',
            disk_autoresize: true,
            user_labels: ctx.tags(),
            database_flags: sqlDatabaseFlags(e.kind),
            ip_configuration: block({
              ipv4_enabled: false,
              private_network: gcpNetworkRef(ctx),
              ssl_mode: 'ENCRYPTED_ONLY',
            }),
            backup_configuration: block(backups),
            maintenance_window: block({ day: 7, hour: 3, update_track: 'stable' }),
          }),
        },
        [peering],
        // SQL Server: the first root password only (sqlServerRootPassword).
        isSqlServer ? { lifecycle: { ignoreChanges: ['root_password'] } } : undefined,
      );
      ctx.resource('google_sql_database', local, {
        name: ctx.prop('database'),
        instance: ref(instance.address, 'name'),
      });
      const userPassword = password('password', 'Password of the database user');
      ctx.resource('google_sql_user', local, {
        name: ctx.prop('adminUser'),
        instance: ref(instance.address, 'name'),
        // Write-only: the value never enters the state (policy no-secret-in-state); raise the
        // version to rotate it.
        password_wo: userPassword,
        password_wo_version: 1,
      });
      sqlPasswordSecret(ctx, userPassword);
      ctx.output(
        'private_ip',
        `Private IP of ${ctx.node.name}`,
        ref(instance.address, 'private_ip_address'),
      );
      ctx.output(
        'connection_name',
        `Connection name of ${ctx.node.name} (Cloud SQL Auth Proxy)`,
        ref(instance.address, 'connection_name'),
      );
    },
  });
}

export const gcpCloudSqlPostgres = cloudSql({
  id: 'gcp.cloud-sql-postgres',
  kind: 'postgresql',
  name: 'Cloud SQL for PostgreSQL',
  versions: ['POSTGRES_17', 'POSTGRES_16', 'POSTGRES_15', 'POSTGRES_14', 'POSTGRES_13'],
  tiers: SQL_TIERS,
  tier: 'db-custom-1-3840',
  port: 5432,
  abbreviation: 'sql',
});

export const gcpCloudSqlMysql = cloudSql({
  id: 'gcp.cloud-sql-mysql',
  kind: 'mysql',
  name: 'Cloud SQL for MySQL',
  versions: ['MYSQL_8_4', 'MYSQL_8_0'],
  tiers: SQL_TIERS,
  tier: 'db-custom-1-3840',
  port: 3306,
  abbreviation: 'mysql',
});

export const gcpCloudSqlSqlServer = cloudSql({
  id: 'gcp.cloud-sql-sqlserver',
  kind: 'sqlserver',
  name: 'Cloud SQL for SQL Server',
  versions: [
    'SQLSERVER_2022_STANDARD',
    'SQLSERVER_2022_ENTERPRISE',
    'SQLSERVER_2022_WEB',
    'SQLSERVER_2022_EXPRESS',
    'SQLSERVER_2019_STANDARD',
  ],
  // SQL Server has no shared-core tiers.
  tiers: SQL_TIERS.filter((t) => t.startsWith('db-custom-') && t !== 'db-custom-1-3840'),
  tier: 'db-custom-2-7680',
  port: 1433,
  abbreviation: 'mssql',
});

export const gcpFirestore = defineService({
  id: 'gcp.firestore',
  cloud: 'gcp',
  kind: 'nosql',
  name: 'Firestore database',
  category: 'databases',
  description:
    'Serverless document database (Native or Datastore mode) in the region, with point-in-time recovery and delete protection.',
  icon: 'gcp-firestore',
  properties: [
    enumProp('type', 'Mode', ['FIRESTORE_NATIVE', 'DATASTORE_MODE'], 'FIRESTORE_NATIVE'),
    enumProp('concurrency', 'Concurrency', ['OPTIMISTIC', 'PESSIMISTIC'], 'PESSIMISTIC'),
    boolProp('pitr', 'Point-in-time recovery', true),
  ],
  placement: 'none',
  naming: { rule: 'gcp-firestore', abbreviation: 'fs' },
  emits: { terraform: ['google_firestore_database'] },
  terraform: (ctx) => {
    const db = ctx.resource('google_firestore_database', ctx.node.local, {
      name: ctx.name(),
      location_id: tfVar('region'),
      type: ctx.prop('type'),
      concurrency_mode: ctx.prop('concurrency'),
      point_in_time_recovery_enablement: ctx.prop('pitr', (v) =>
        v === true ? 'POINT_IN_TIME_RECOVERY_ENABLED' : 'POINT_IN_TIME_RECOVERY_DISABLED',
      ),
      delete_protection_state: 'DELETE_PROTECTION_ENABLED',
      deletion_policy: 'ABANDON',
    });
    ctx.output('database', `Firestore database ${ctx.node.name}`, ref(db.address, 'name'));
  },
});

export const gcpMemorystore = defineService({
  id: 'gcp.memorystore-redis',
  cloud: 'gcp',
  kind: 'cache',
  name: 'Memorystore for Redis',
  category: 'databases',
  description:
    'Redis instance on private services access with AUTH and in-transit encryption (Standard tier: replica with automatic failover).',
  icon: 'gcp-memorystore',
  properties: [
    enumProp('tier', 'Tier', ['STANDARD_HA', 'BASIC'], 'STANDARD_HA'),
    numProp('memoryGb', 'Capacity (GB)', 1, 1, 300),
    enumProp('version', 'Redis version', ['REDIS_7_2', 'REDIS_7_0', 'REDIS_6_X'], 'REDIS_7_2'),
  ],
  placement: 'subnet',
  port: 6378,
  naming: { rule: 'gcp-redis', abbreviation: 'redis' },
  emits: {
    terraform: [
      'google_redis_instance',
      'google_compute_global_address',
      'google_service_networking_connection',
      'google_secret_manager_secret',
      'google_secret_manager_secret_version',
    ],
  },
  terraform: (ctx) => {
    const peering = privateServicesAccess(ctx);
    const redis = ctx.resource(
      'google_redis_instance',
      ctx.node.local,
      {
        name: ctx.name(),
        region: tfVar('region'),
        tier: ctx.prop('tier'),
        memory_size_gb: ctx.prop('memoryGb'),
        redis_version: ctx.prop('version'),
        authorized_network: gcpNetworkRef(ctx),
        connect_mode: 'PRIVATE_SERVICE_ACCESS',
        auth_enabled: true,
        transit_encryption_mode: 'SERVER_AUTHENTICATION',
        labels: ctx.tags(),
        maintenance_policy: block({
          weekly_maintenance_window: block({
            day: 'SUNDAY',
            start_time: block({ hours: 3, minutes: 0 }),
          }),
        }),
      },
      [peering],
    );
    // Clients sign in with the AUTH string over TLS: they read it from a secret of its own, by
    // id, as they read a Secret Manager secret they connect to (connection-env.ts, grantData).
    // Write-only: the secret's copy never enters the state; raise the version to rotate it.
    if (ctx.incoming('data').length > 0) {
      const secret = ctx.resource('google_secret_manager_secret', redisAuthSecret(ctx.node.local), {
        secret_id: ctx.name('auth', 'gcp-rfc1035'),
        labels: ctx.tags(),
        replication: block({
          user_managed: block({ replicas: block({ location: tfVar('region') }) }),
        }),
      });
      // A replaced instance has a new AUTH string: the secret is written again.
      ctx.resource(
        'google_secret_manager_secret_version',
        redisAuthSecret(ctx.node.local),
        {
          secret: ref(secret.address, 'id'),
          secret_data_wo: ref(redis.address, 'auth_string'),
          secret_data_wo_version: 1,
        },
        undefined,
        { lifecycle: { replaceTriggeredBy: [redis.address] } },
      );
    }
    ctx.output('host', `Host of ${ctx.node.name}`, ref(redis.address, 'host'));
  },
});
