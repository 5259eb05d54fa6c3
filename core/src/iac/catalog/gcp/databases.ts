import { BuildError } from '../../build/terraform-build';
import { defineService, type TTfBuildContext } from '../service';
import { boolProp, enumProp, listProp, numProp, strProp } from '../properties';
import { block, ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { zoneOf } from './shared';

/** Google Cloud databases beyond Cloud SQL: Firestore with MongoDB compatibility, Spanner, Bigtable. */

/**
 * A Cloud KMS key the node has a data connection to, with the grant that lets the service's
 * agent (`service-<number>@<agent>`) use it; the resource that encrypts with it depends on
 * the grant, so the first apply does not fail on a missing permission.
 */
export function cmekOf(
  ctx: TTfBuildContext,
  agent: string,
): { keyId: TTfRef; grant: string } | undefined {
  const key = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
  if (!key) return undefined;
  const keyId = ref(ctx.address(key.node, 'google_kms_crypto_key'), 'id');
  const grant = ctx.resource('google_kms_crypto_key_iam_member', `${ctx.node.local}_agent_key`, {
    crypto_key_id: keyId,
    role: 'roles/cloudkms.cryptoKeyEncrypterDecrypter',
    member: tpl(
      'serviceAccount:service-',
      ref(ctx.data('google_project', 'current', {}).address, 'number'),
      `@${agent}`,
    ),
  });
  return { keyId, grant: grant.address };
}

export const gcpFirestoreMongo = defineService({
  id: 'gcp.firestore-mongodb',
  cloud: 'gcp',
  kind: 'document-db',
  name: 'Firestore with MongoDB compatibility',
  category: 'databases',
  description:
    'Firestore Enterprise edition database that MongoDB drivers reach over TLS on port 443 with IAM (MONGODB-OIDC) authentication: point-in-time recovery, delete protection, customer-managed encryption when connected to a Cloud KMS key.',
  icon: 'gcp-firestore',
  properties: [boolProp('pitr', 'Point-in-time recovery (7 days)', true)],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-firestore', abbreviation: 'docdb' },
  emits: { terraform: ['google_firestore_database', 'google_kms_crypto_key_iam_member'] },
  terraform: (ctx) => {
    // CMEK: the key ring is in the design's region, the database's location too.
    const cmek = cmekOf(ctx, 'gcp-sa-firestore.iam.gserviceaccount.com');
    const db = ctx.resource(
      'google_firestore_database',
      ctx.node.local,
      {
        name: ctx.name(),
        location_id: tfVar('region'),
        // MongoDB compatibility is a feature of the Enterprise edition (Native mode only).
        type: 'FIRESTORE_NATIVE',
        database_edition: 'ENTERPRISE',
        point_in_time_recovery_enablement: ctx.prop('pitr', (v) =>
          v === true ? 'POINT_IN_TIME_RECOVERY_ENABLED' : 'POINT_IN_TIME_RECOVERY_DISABLED',
        ),
        delete_protection_state: 'DELETE_PROTECTION_ENABLED',
        deletion_policy: 'ABANDON',
        ...(cmek ? { cmek_config: block({ kms_key_name: cmek.keyId }) } : {}),
      },
      cmek ? [cmek.grant] : [],
    );
    ctx.output(
      'mongodb_uri',
      `MongoDB connection string of ${ctx.node.name} (IAM authentication)`,
      mongoDbUri(db.address),
    );
  },
});

/**
 * "Connect with a MongoDB driver": <uid>.<location>.firestore.goog:443, TLS, load balanced, the
 * caller's own Google identity (MONGODB-OIDC).
 */
export const mongoDbUri = (database: string): TTfValue =>
  tpl(
    'mongodb://',
    ref(database, 'uid'),
    '.',
    ref(database, 'location_id'),
    '.firestore.goog:443/',
    ref(database, 'name'),
    '?loadBalanced=true&tls=true&retryWrites=false&authMechanism=MONGODB-OIDC&authMechanismProperties=ENVIRONMENT:gcp,TOKEN_RESOURCE:FIRESTORE',
  );

/**
 * Spanner compute capacity: 100-unit steps up to 1,000 processing units, whole nodes (1,000
 * units) above ("Compute capacity, nodes and processing units").
 */
export const SPANNER_UNITS = ['100', '200', '300', '500', '1000', '2000', '3000', '5000', '10000'];

export const gcpSpanner = defineService({
  id: 'gcp.spanner',
  cloud: 'gcp',
  kind: 'distributed-sql',
  name: 'Spanner database',
  category: 'databases',
  description:
    'Regional Spanner instance (processing units, or the managed autoscaler on Enterprise editions) with one database: drop protection, point-in-time recovery window, automatic daily backups, customer-managed encryption when connected to a Cloud KMS key.',
  icon: 'gcp-spanner',
  properties: [
    enumProp('edition', 'Edition', ['STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS'], 'ENTERPRISE'),
    enumProp('processingUnits', 'Processing units (minimum when autoscaled)', SPANNER_UNITS, '100'),
    enumProp(
      'maxProcessingUnits',
      'Autoscale up to (processing units; 0: fixed)',
      ['0', ...SPANNER_UNITS.filter((u) => Number(u) >= 1000)],
      '0',
    ),
    enumProp(
      'dialect',
      'SQL dialect',
      ['GOOGLE_STANDARD_SQL', 'POSTGRESQL'],
      'GOOGLE_STANDARD_SQL',
    ),
    enumProp('versionRetention', 'Point-in-time recovery window', ['1h', '1d', '3d', '7d'], '3d'),
    strProp('database', 'Database name', 'app'),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-spanner', abbreviation: 'spn' },
  emits: {
    terraform: [
      'google_spanner_instance',
      'google_spanner_database',
      'google_kms_crypto_key_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const max = Number(ctx.value('maxProcessingUnits'));
    const envMax = ctx.environments.map((e) => ctx.node.overrides[e]?.['maxProcessingUnits']);
    if (envMax.some((m) => m !== undefined && Number(m) > 0 !== max > 0)) {
      throw new BuildError(
        `${ctx.node.id}: maxProcessingUnits cannot differ between environments between 0 (fixed capacity) and a maximum (autoscaled)`,
      );
    }
    const instance = ctx.resource('google_spanner_instance', local, {
      name: ctx.name(),
      display_name: ctx.name(),
      config: tpl('regional-', tfVar('region')),
      edition: ctx.prop('edition'),
      ...(max > 0
        ? {
            // The managed autoscaler (Enterprise editions) owns the capacity between the bounds.
            autoscaling_config: block({
              autoscaling_limits: block({
                min_processing_units: ctx.prop('processingUnits', Number),
                max_processing_units: ctx.prop('maxProcessingUnits', Number),
              }),
              autoscaling_targets: block({
                high_priority_cpu_utilization_percent: 65,
                storage_utilization_percent: 90,
              }),
            }),
          }
        : { processing_units: ctx.prop('processingUnits', Number) }),
      // New databases get a daily full backup kept 7 days ("Default backup schedules").
      default_backup_schedule_type: 'AUTOMATIC',
      force_destroy: false,
      labels: ctx.tags(),
    });
    // CMEK: the key ring is in the design's region, the regional instance configuration too.
    const cmek = cmekOf(ctx, 'gcp-sa-spanner.iam.gserviceaccount.com');
    const db = ctx.resource(
      'google_spanner_database',
      local,
      {
        instance: ref(instance.address, 'name'),
        name: ctx.prop('database'),
        database_dialect: ctx.prop('dialect'),
        version_retention_period: ctx.prop('versionRetention'),
        enable_drop_protection: true,
        deletion_protection: true,
        ...(cmek ? { encryption_config: block({ kms_key_name: cmek.keyId }) } : {}),
      },
      cmek ? [cmek.grant] : [],
    );
    ctx.output('database', `Spanner database ${ctx.node.name}`, ref(db.address, 'id'));
  },
});

export const gcpBigtable = defineService({
  id: 'gcp.bigtable',
  cloud: 'gcp',
  kind: 'wide-column',
  name: 'Bigtable instance',
  category: 'databases',
  description:
    'Bigtable instance with one autoscaled cluster in a zone of the region and a table with its column families: deletion protection, automated daily table backups, customer-managed encryption when connected to a Cloud KMS key.',
  icon: 'gcp-bigtable',
  properties: [
    enumProp('storageType', 'Storage type', ['SSD', 'HDD'], 'SSD'),
    enumProp('zone', 'Zone suffix', ['a', 'b', 'c'], 'b'),
    numProp('minNodes', 'Minimum nodes', 1, 1, 1000),
    numProp('maxNodes', 'Maximum nodes', 3, 1, 1000),
    // Bigtable autoscaling: CPU utilisation target between 10 and 80 %.
    numProp('cpuTarget', 'Target CPU utilisation (%)', 60, 10, 80),
    strProp('table', 'Table name', 'events'),
    listProp('columnFamilies', 'Column families', ['cf']),
    numProp('backupDays', 'Table backups kept (days)', 7, 1, 90),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'gcp-bigtable', abbreviation: 'bt' },
  emits: {
    terraform: [
      'google_bigtable_instance',
      'google_bigtable_table',
      'google_kms_crypto_key_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    // CMEK: a cluster's key must be in the cluster's region (the key ring is regional).
    const cmek = cmekOf(ctx, 'gcp-sa-bigtable.iam.gserviceaccount.com');
    const instance = ctx.resource(
      'google_bigtable_instance',
      local,
      {
        name: ctx.name(),
        display_name: ctx.name(),
        deletion_protection: true,
        labels: ctx.tags(),
        cluster: block({
          cluster_id: ctx.name('c1', 'gcp-bigtable-cluster'),
          zone: zoneOf(ctx.value('zone')),
          storage_type: ctx.prop('storageType'),
          ...(cmek ? { kms_key_name: cmek.keyId } : {}),
          autoscaling_config: block({
            min_nodes: ctx.prop('minNodes'),
            max_nodes: ctx.prop('maxNodes'),
            cpu_target: ctx.prop('cpuTarget'),
          }),
        }),
      },
      cmek ? [cmek.grant] : [],
    );
    const families = ctx.value<string[]>('columnFamilies');
    ctx.resource('google_bigtable_table', local, {
      name: ctx.prop('table'),
      instance_name: ref(instance.address, 'name'),
      deletion_protection: 'PROTECTED',
      ...(families.length > 0
        ? { column_family: families.map((family) => block({ family })) }
        : {}),
      automated_backup_policy: block({
        retention_period: ctx.prop('backupDays', (v) => `${Number(v) * 24}h0m0s`),
        frequency: '24h0m0s',
      }),
    });
    ctx.output('instance', `Bigtable instance ${ctx.node.name}`, ref(instance.address, 'name'));
  },
});
