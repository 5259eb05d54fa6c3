import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Pub/Sub topic connected to a BigQuery dataset or a Cloud Storage bucket writes its messages
 * there with an export subscription, as Pub/Sub's service agent, which may write there. Before,
 * such a connection wrote nothing (rule gcp-delivery-targets warned) and no message arrived.
 */
describe('gcp: a Pub/Sub topic writes to BigQuery and Cloud Storage', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
      { id: 'warehouse', service: 'gcp.bigquery', name: 'warehouse' },
      { id: 'archive', service: 'gcp.cloud-storage', name: 'archive' },
    ],
    connections: [
      { from: 'events', to: 'warehouse', type: 'data' },
      { from: 'events', to: 'archive', type: 'traffic' },
    ],
  });
  const hcl = mainTf(design);
  const agent = '@gcp-sa-pubsub.iam.gserviceaccount.com';
  const deadLetter =
    /dead_letter_policy \{\s*dead_letter_topic\s*= google_pubsub_topic\.events_dlq\.id\s*max_delivery_attempts = 5/;

  it('makes a day-partitioned table of the messages in the dataset', () => {
    const table = resourceBlock(hcl, 'google_bigquery_table', 'events_warehouse');
    expect(table).toContain('dataset_id          = google_bigquery_dataset.warehouse.dataset_id');
    expect(table).toMatch(/table_id\s+= "events"/);
    expect(table).toMatch(/deletion_protection\s+= true/);
    expect(table).toMatch(/time_partitioning \{\s*type\s*= "DAY"\s*field = "publish_time"/);
    for (const column of ['subscription_name', 'message_id', 'publish_time', 'data', 'attributes'])
      expect(table).toContain(`name = "${column}"`);
  });

  it('writes to it with a BigQuery subscription, once the service agent may', () => {
    const sub = resourceBlock(hcl, 'google_pubsub_subscription', 'events_warehouse');
    expect(sub).toMatch(
      /bigquery_config \{\s*table\s*= "\$\{google_bigquery_table\.events_warehouse\.project\}\.\$\{google_bigquery_table\.events_warehouse\.dataset_id\}\.\$\{google_bigquery_table\.events_warehouse\.table_id\}"\s*write_metadata = true/,
    );
    expect(sub).toMatch(/expiration_policy \{\s*ttl = ""\s*\}/);
    expect(sub).toMatch(deadLetter);
    expect(sub).toContain('google_bigquery_table_iam_member.events_warehouse_pubsub_writer');
    const writer = resourceBlock(
      hcl,
      'google_bigquery_table_iam_member',
      'events_warehouse_pubsub_writer',
    );
    expect(writer).toContain('roles/bigquery.dataEditor');
    expect(writer).toContain('table_id   = google_bigquery_table.events_warehouse.table_id');
    expect(writer).toContain(agent);
  });

  it('writes objects to the bucket with a Cloud Storage subscription, once the agent may', () => {
    const sub = resourceBlock(hcl, 'google_pubsub_subscription', 'events_archive');
    expect(sub).toMatch(
      /cloud_storage_config \{\s*bucket\s*= google_storage_bucket\.archive\.name\s*filename_prefix\s*= "events\/"/,
    );
    expect(sub).toMatch(/max_duration\s*= "300s"/);
    // Pub/Sub refuses a file kept open longer than the ack deadline (the topic's is 30 s).
    expect(sub).toMatch(/ack_deadline_seconds = 300\n/);
    expect(sub).toMatch(deadLetter);
    for (const [role, local] of [
      ['roles/storage.objectCreator', 'events_archive_pubsub_creator'],
      ['roles/storage.legacyBucketReader', 'events_archive_pubsub_reader'],
    ]) {
      const grant = resourceBlock(hcl, 'google_storage_bucket_iam_member', local!);
      expect(grant).toContain(role);
      expect(grant).toContain('bucket = google_storage_bucket.archive.name');
      expect(grant).toContain(agent);
      expect(sub).toContain(`google_storage_bucket_iam_member.${local}`);
    }
  });

  it('keeps no catch-all subscription, and lets the agent acknowledge dead letters', () => {
    expect(hcl).not.toContain('resource "google_pubsub_subscription" "events" {');
    for (const sub of ['events_warehouse', 'events_archive'])
      expect(
        resourceBlock(hcl, 'google_pubsub_subscription_iam_member', `${sub}_dlq_subscriber`),
      ).toContain(`google_pubsub_subscription.${sub}.name`);
  });

  it('says in the README where the messages land', () => {
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Pub/Sub subscriptions');
    expect(readme).toContain(
      '- `events` to the BigQuery dataset `warehouse`: table `events`, a row per message',
    );
    expect(readme).toContain(
      '- `events` to the bucket `archive`: an object every 5 minutes at most under `events/<YYYY-MM-DD>/`',
    );
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
