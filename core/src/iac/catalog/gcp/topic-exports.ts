import type { TNode, TTfBuildContext } from '../service';
import { block, call, obj, ref, tpl, type TTfBody, type TTfRef } from '../../ir/terraform-ir';
import { primaryRef } from './shared';
import { pubsubAgent } from './pubsub-agent';

/**
 * Export subscriptions: a topic connected to a BigQuery dataset or a Cloud Storage bucket writes
 * each message there itself, as Pub/Sub's service agent, with no subscriber to run.
 * https://cloud.google.com/pubsub/docs/bigquery, https://cloud.google.com/pubsub/docs/cloudstorage
 */
const EXPORTS = new Set(['gcp.bigquery', 'gcp.cloud-storage']);

/** Whether a topic writes to the node with an export subscription. */
export const isExportTarget = (node: TNode): boolean => EXPORTS.has(node.service.id);

/** The datasets and buckets a topic (the context's node) writes to, once each. */
export const exportTargets = (ctx: TTfBuildContext): TNode[] => [
  ...new Set(
    [...ctx.outgoing('traffic'), ...ctx.outgoing('data')].map((e) => e.node).filter(isExportTarget),
  ),
];

/**
 * The table's columns: the message's data as text (a message that is not UTF-8 fails and ends in
 * the dead-letter topic) and the metadata Pub/Sub writes beside it (`write_metadata`), the
 * attributes as JSON. Without a topic schema, the table needs a `data` column.
 */
const COLUMNS: readonly (readonly [string, string])[] = [
  ['subscription_name', 'STRING'],
  ['message_id', 'STRING'],
  ['publish_time', 'TIMESTAMP'],
  ['data', 'STRING'],
  ['attributes', 'JSON'],
];

/**
 * A table of the dataset for the topic's messages, named after the topic and partitioned by day
 * of publication, and the grant Pub/Sub's service agent needs to write it (Data Editor on that
 * table only), which the subscription is created after: Pub/Sub checks it then.
 */
function bigQueryConfig(
  ctx: TTfBuildContext,
  dataset: TNode,
  local: string,
): { config: TTfBody; after: string[] } {
  const table = ctx.resource('google_bigquery_table', local, {
    dataset_id: primaryRef(ctx, dataset, 'dataset_id'),
    table_id: ctx.node.local,
    description: `Messages of Pub/Sub topic ${ctx.node.name}, written by its BigQuery subscription`,
    deletion_protection: true,
    labels: ctx.tags(),
    time_partitioning: block({ type: 'DAY', field: 'publish_time' }),
    schema: call(
      'jsonencode',
      COLUMNS.map(([name, type]) => obj({ name, type, mode: 'NULLABLE' })),
    ),
  });
  const writer = ctx.resource('google_bigquery_table_iam_member', `${local}_pubsub_writer`, {
    dataset_id: ref(table.address, 'dataset_id'),
    table_id: ref(table.address, 'table_id'),
    role: 'roles/bigquery.dataEditor',
    member: pubsubAgent(ctx),
  });
  const at = (attr: string) => ref(table.address, attr);
  return {
    config: {
      bigquery_config: block({
        table: tpl(at('project'), '.', at('dataset_id'), '.', at('table_id')),
        write_metadata: true,
      }),
    },
    after: [writer.address],
  };
}

/** How long Pub/Sub writes one object of a bucket before it starts the next (1 to 10 minutes). */
const BATCH_SECONDS = 300;

/**
 * Objects under `<topic>/<date>/` in the bucket, a new one every 5 minutes at most, and the
 * roles Pub/Sub's service agent needs to write them: Object Creator, and Legacy Bucket Reader
 * for the bucket's metadata, which Pub/Sub checks when the subscription is created.
 */
function cloudStorageConfig(
  ctx: TTfBuildContext,
  bucket: TNode,
  local: string,
): { config: TTfBody; after: string[] } {
  const name = primaryRef(ctx, bucket, 'name');
  const roles = [
    ['objectCreator', 'creator'],
    ['legacyBucketReader', 'reader'],
  ] as const;
  const after = roles.map(
    ([role, as]) =>
      ctx.resource('google_storage_bucket_iam_member', `${local}_pubsub_${as}`, {
        bucket: name,
        role: `roles/storage.${role}`,
        member: pubsubAgent(ctx),
      }).address,
  );
  return {
    config: {
      // A file may stay open no longer than the ack deadline: Pub/Sub refuses a longer one.
      ack_deadline_seconds: BATCH_SECONDS,
      cloud_storage_config: block({
        bucket: name,
        filename_prefix: `${ctx.node.name}/`,
        filename_datetime_format: 'YYYY-MM-DD/hh_mm_ssZ',
        max_duration: `${BATCH_SECONDS}s`,
      }),
    },
    after,
  };
}

/**
 * The export subscription of the topic to a dataset or bucket, with what every subscription of
 * the topic shares (`delivery`, its dead-letter `policy`).
 */
export function exportSubscription(
  ctx: TTfBuildContext,
  target: TNode,
  local: string,
  delivery: TTfBody,
  policy: TTfBody,
): TTfRef {
  const { config, after } =
    target.service.id === 'gcp.bigquery'
      ? bigQueryConfig(ctx, target, local)
      : cloudStorageConfig(ctx, target, local);
  return ctx.resource(
    'google_pubsub_subscription',
    local,
    { name: ctx.name(target.name), ...delivery, ...config, ...policy },
    after,
  );
}
