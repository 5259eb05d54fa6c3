import { defineService } from '../service';
import { numProp } from '../properties';
import { ref } from '../../ir/terraform-ir';
import { KAFKA_PORTS, streamPool } from './analytics';

/**
 * Kafka on OCI at the pinned provider (oracle/oci 7.4.0 has no managed Kafka cluster resource):
 * a Streaming pool that Kafka clients use as a cluster ("Using Streaming with Apache Kafka").
 * Topics are created by the clients, as on a Kafka cluster, with the pool's default partitions
 * and retention; the pool is reachable only through its private endpoint in the subnet.
 */
export const ociStreamingKafka = defineService({
  id: 'oci.streaming-kafka',
  cloud: 'oci',
  kind: 'kafka',
  name: 'Streaming pool for Kafka clients',
  category: 'messaging',
  description:
    'A Streaming pool used as a Kafka cluster: clients create topics, SASL_SSL on 9092 through a private endpoint open to the VCN only, encrypted with a Vault key when connected to one.',
  icon: 'oci-streaming',
  properties: [
    numProp('partitions', 'Partitions of a new topic', 3, 1, 50),
    // OCI Streaming keeps messages 24 to 168 hours.
    numProp('retentionHours', 'Retention (hours)', 168, 24, 168),
  ],
  placement: 'subnet',
  port: 9092,
  naming: { rule: 'oci-name', abbreviation: 'kafka' },
  emits: {
    terraform: [
      'oci_streaming_stream_pool',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
      'oci_identity_policy',
    ],
  },
  terraform: (ctx) => {
    const pool = streamPool(ctx, true, KAFKA_PORTS);
    ctx.output(
      'bootstrap_servers',
      `Kafka bootstrap servers of ${ctx.node.name} (SASL_SSL, PLAIN: <tenancy>/<user>/<pool OCID> and an auth token)`,
      ref(pool.address, 'kafka_settings[0].bootstrap_servers'),
    );
    ctx.output('stream_pool_id', `OCID of stream pool ${ctx.node.name}`, ref(pool.address, 'id'));
  },
});
