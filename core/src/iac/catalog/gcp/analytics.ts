import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { gcpSubnetRef } from './shared';

/** Google Cloud analytics: BigQuery datasets and Managed Service for Apache Kafka. */

export const gcpBigQuery = defineService({
  id: 'gcp.bigquery',
  cloud: 'gcp',
  kind: 'data-warehouse',
  name: 'BigQuery dataset',
  category: 'databases',
  description:
    'Serverless data warehouse dataset in the region (or the EU/US multi-region); customer-managed encryption when connected to a Cloud KMS key.',
  icon: 'gcp-bigquery',
  properties: [
    enumProp('location', 'Location', ['region', 'EU', 'US'], 'region'),
    numProp('tableExpirationDays', 'Default table expiration (days, 0: never)', 0, 0, 36500),
  ],
  placement: 'none',
  naming: { rule: 'gcp-bigquery', abbreviation: 'bq' },
  emits: { terraform: ['google_bigquery_dataset', 'google_kms_crypto_key_iam_member'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const days = ctx.value<number>('tableExpirationDays');
    const key = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
    const keyId = key ? ref(ctx.address(key.node, 'google_kms_crypto_key'), 'id') : undefined;
    // CMEK: BigQuery's own service agent must be able to use the key before the dataset exists.
    const grant = keyId
      ? ctx.resource('google_kms_crypto_key_iam_member', `${local}_bigquery_agent`, {
          crypto_key_id: keyId,
          role: 'roles/cloudkms.cryptoKeyEncrypterDecrypter',
          member: tpl(
            'serviceAccount:',
            ref(
              ctx.data('google_bigquery_default_service_account', 'current', {}).address,
              'email',
            ),
          ),
        })
      : undefined;
    const dataset = ctx.resource(
      'google_bigquery_dataset',
      local,
      {
        dataset_id: ctx.name(),
        friendly_name: ctx.node.name,
        description: `Dataset ${ctx.node.name}`,
        location: ctx.value('location') === 'region' ? tfVar('region') : ctx.value('location'),
        ...(days > 0 ? { default_table_expiration_ms: days * 86_400_000 } : {}),
        delete_contents_on_destroy: false,
        ...(keyId ? { default_encryption_configuration: block({ kms_key_name: keyId }) } : {}),
        labels: ctx.tags(),
      },
      grant ? [grant.address] : [],
    );
    ctx.output('dataset_id', `Id of dataset ${ctx.node.name}`, ref(dataset.address, 'dataset_id'));
  },
});

export const gcpManagedKafka = defineService({
  id: 'gcp.managed-kafka',
  cloud: 'gcp',
  kind: 'kafka',
  name: 'Managed Service for Apache Kafka',
  category: 'messaging',
  description:
    'Managed Kafka cluster reachable from its subnets (TLS with SASL on port 9092); IAM decides who may read and write.',
  icon: 'gcp-kafka',
  properties: [
    // Managed Kafka capacity: at least 3 vCPUs, 1 to 8 GiB of memory per vCPU.
    numProp('vcpus', 'vCPUs', 3, 3, 1000),
    enumProp('memoryPerVcpu', 'Memory per vCPU (GiB)', ['1', '2', '4', '6', '8'], '4'),
  ],
  placement: 'subnet',
  port: 9092,
  isNetworked: true,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'kafka' },
  emits: { terraform: ['google_managed_kafka_cluster'] },
  terraform: (ctx) => {
    const perVcpu = Number(ctx.value('memoryPerVcpu')) * 1024 ** 3;
    const cluster = ctx.resource('google_managed_kafka_cluster', ctx.node.local, {
      cluster_id: ctx.name(),
      location: tfVar('region'),
      capacity_config: block({
        vcpu_count: ctx.prop('vcpus'),
        memory_bytes: ctx.prop('vcpus', (v) => Number(v) * perVcpu, 'memoryBytes'),
      }),
      gcp_config: block({
        access_config: block({
          network_configs: ctx.subnets().map((s) => block({ subnet: gcpSubnetRef(ctx, s) })),
        }),
      }),
      rebalance_config: block({ mode: 'AUTO_REBALANCE_ON_SCALE_UP' }),
      labels: ctx.tags(),
    });
    ctx.output('id', `Id of Kafka cluster ${ctx.node.name}`, ref(cluster.address, 'id'));
  },
});
