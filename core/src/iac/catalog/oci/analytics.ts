import { defineService, type TTfBuildContext } from '../service';
import { enumProp, numProp } from '../properties';
import { block, ref, tpl, type TTfRef } from '../../ir/terraform-ir';
import { endpointNsgIds, tcp, type TOciPorts } from './client-rules';
import { compartment, subnetId } from './shared';
import { autonomousAdminPassword } from './admin-secret';

/** OCI streaming and analytics: Streaming (Kafka-compatible) and Autonomous Data Warehouse. */

/** Kafka on a stream pool's private endpoint ("Using Streaming with Apache Kafka"). */
export const KAFKA_PORTS: readonly TOciPorts[] = [tcp(9092)];

/**
 * The stream pool of a Streaming node: Kafka settings from its partitions and retention
 * properties, private to its subnet when placed in one (its NSG admitting the connected
 * components on `ports`), encrypted with a connected Vault key.
 */
export function streamPool(
  ctx: TTfBuildContext,
  autoCreateTopics: boolean,
  ports: readonly TOciPorts[],
): TTfRef {
  const subnet = ctx.subnets()[0];
  const key = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
  const keyId = key && ref(ctx.address(key.node, 'oci_kms_key'), 'id');
  // Streaming encrypts with the key as itself: a policy lets the service use that one key (the
  // identity applying also needs `use key-delegate` on it). OCI Streaming, "Managing Stream Pools".
  const policy =
    keyId &&
    ctx.resource('oci_identity_policy', `${ctx.node.local}_key`, {
      compartment_id: compartment(),
      name: ctx.name('key', 'oci-iam'),
      description: `Streaming may use the Vault key of ${ctx.node.name}`,
      statements: [
        tpl(
          'Allow service streaming to use keys in compartment id ',
          compartment(),
          " where target.key.id = '",
          keyId,
          "'",
        ),
      ],
      freeform_tags: ctx.tags(),
    });
  return ctx.resource(
    'oci_streaming_stream_pool',
    ctx.node.local,
    {
      compartment_id: compartment(),
      name: ctx.name('pool'),
      kafka_settings: block({
        auto_create_topics_enable: autoCreateTopics,
        log_retention_hours: ctx.prop('retentionHours'),
        num_partitions: ctx.prop('partitions'),
      }),
      ...(keyId ? { custom_encryption_key: block({ kms_key_id: keyId }) } : {}),
      ...(subnet
        ? {
            private_endpoint_settings: block({
              subnet_id: subnetId(ctx, subnet),
              nsg_ids: endpointNsgIds(ctx, ports, false),
            }),
          }
        : {}),
      freeform_tags: ctx.tags(),
    },
    policy ? [policy.address] : undefined,
  );
}

export const ociStreaming = defineService({
  id: 'oci.streaming',
  cloud: 'oci',
  kind: 'stream',
  name: 'Streaming (Kafka-compatible)',
  category: 'messaging',
  description:
    'A stream in its own stream pool, read and written through the Streaming API (HTTPS) or Kafka; private to its subnet when placed in one, encrypted with a Vault key when connected to one.',
  icon: 'oci-streaming',
  properties: [
    numProp('partitions', 'Partitions', 1, 1, 50),
    // OCI Streaming keeps messages 24 to 168 hours.
    numProp('retentionHours', 'Retention (hours)', 24, 24, 168),
  ],
  placement: 'optional-subnet',
  port: 9092,
  naming: { rule: 'oci-name', abbreviation: 'stream' },
  emits: {
    terraform: ['oci_streaming_stream', 'oci_streaming_stream_pool', 'oci_identity_policy'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    // Its clients are told the stream's messages endpoint: the Streaming API, HTTPS on 443 of
    // the pool's private endpoint, beside Kafka.
    const pool = streamPool(ctx, false, [...KAFKA_PORTS, tcp(443)]);
    const stream = ctx.resource('oci_streaming_stream', local, {
      name: ctx.name(),
      partitions: ctx.prop('partitions'),
      retention_in_hours: ctx.prop('retentionHours'),
      stream_pool_id: ref(pool.address, 'id'),
      freeform_tags: ctx.tags(),
    });
    ctx.output('stream_id', `OCID of stream ${ctx.node.name}`, ref(stream.address, 'id'));
    ctx.output(
      'bootstrap_servers',
      `Kafka bootstrap servers of ${ctx.node.name}`,
      ref(pool.address, 'kafka_settings[0].bootstrap_servers'),
    );
    // Kafka clients sign in as <tenancy>/<user>/<pool OCID> (README "Kafka clients").
    ctx.output('stream_pool_id', `OCID of stream pool ${ctx.node.name}`, ref(pool.address, 'id'));
  },
});

export const ociAutonomousDataWarehouse = defineService({
  id: 'oci.autonomous-data-warehouse',
  cloud: 'oci',
  kind: 'data-warehouse',
  name: 'Autonomous Data Warehouse',
  category: 'databases',
  description:
    'Serverless Autonomous Database for analytics behind a private endpoint: mutual TLS, compute and storage auto scaling, 30 days of backups.',
  icon: 'oci-adw',
  properties: [
    // ECPU model: at least 2 ECPUs; storage in TB for data warehouse workloads.
    numProp('ecpus', 'ECPUs', 2, 2, 512),
    numProp('storageTb', 'Storage (TB)', 1, 1, 384),
    enumProp(
      'license',
      'License',
      ['LICENSE_INCLUDED', 'BRING_YOUR_OWN_LICENSE'],
      'LICENSE_INCLUDED',
    ),
  ],
  placement: 'subnet',
  port: 1522,
  naming: { rule: 'oci-adb', abbreviation: 'adw' },
  emits: { terraform: ['oci_database_autonomous_database', 'oci_vault_secret'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const adw = ctx.resource('oci_database_autonomous_database', local, {
      compartment_id: compartment(),
      db_name: ctx.name(),
      display_name: ctx.name('', 'oci-display'),
      db_workload: 'DW',
      compute_model: 'ECPU',
      compute_count: ctx.prop('ecpus'),
      data_storage_size_in_tbs: ctx.prop('storageTb'),
      is_auto_scaling_enabled: true,
      is_auto_scaling_for_storage_enabled: true,
      license_model: ctx.prop('license'),
      is_mtls_connection_required: true,
      backup_retention_period_in_days: 30,
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      nsg_ids: endpointNsgIds(ctx, [tcp(1522)], false),
      ...autonomousAdminPassword(ctx, {
        name: `${local}_admin_password`,
        type: 'string',
        description: `ADMIN password of ${ctx.node.name} (12-30 characters, upper and lower case, a digit).`,
        sensitive: true,
      }),
      freeform_tags: ctx.tags(),
    });
    ctx.output('id', `OCID of ${ctx.node.name}`, ref(adw.address, 'id'));
  },
});
