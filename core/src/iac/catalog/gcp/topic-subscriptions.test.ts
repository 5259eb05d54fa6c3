import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Pub/Sub topic's subscriptions never expire. Before, they took Pub/Sub's default: deleted after
 * 31 days without a consuming subscriber or a successful push, so a quiet month (an alert topic,
 * a dev environment) removed them and every message published afterwards was lost until the next
 * apply recreated them. The queue's subscription already never expired.
 */
describe('gcp: a Pub/Sub topic keeps its subscriptions', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
      { id: 'alerts', service: 'gcp.pubsub-topic', name: 'alerts' },
      { id: 'worker', service: 'gcp.cloud-run', name: 'worker' },
    ],
    connections: [{ from: 'events', to: 'worker', type: 'traffic' }],
  });
  const hcl = mainTf(design);
  const neverExpires = /expiration_policy \{\s*ttl = ""\s*\}/;

  it('keeps the push subscription to a Cloud Run service', () => {
    const push = resourceBlock(hcl, 'google_pubsub_subscription', 'events_worker');
    expect(push).toContain('push_config');
    expect(push).toMatch(neverExpires);
  });

  it('keeps the pull subscription of a topic nobody is pushed from', () => {
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'alerts')).toMatch(neverExpires);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/**
 * A topic's subscriptions back off and dead-letter a message that keeps failing. Before, a push
 * to a function that always answered 500 (or a pull consumer that never acknowledged) was
 * redelivered at once, again and again, until the message's retention ended, then lost.
 */
describe('gcp: a Pub/Sub topic dead-letters what keeps failing', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
      {
        id: 'alerts',
        service: 'gcp.pubsub-topic',
        name: 'alerts',
        properties: { maxDeliveryAttempts: 10 },
      },
      {
        id: 'quiet',
        service: 'gcp.pubsub-topic',
        name: 'quiet',
        properties: { deadLetter: false },
      },
      { id: 'worker', service: 'gcp.cloud-run', name: 'worker' },
    ],
    connections: [{ from: 'events', to: 'worker', type: 'traffic' }],
  });
  const hcl = mainTf(design);
  const deadLetter = (topic: string, attempts: number) =>
    new RegExp(
      `dead_letter_policy \\{\\s*dead_letter_topic\\s*= google_pubsub_topic\\.${topic}_dlq\\.id\\s*max_delivery_attempts = ${attempts}\\s*\\}`,
    );

  it("gives the push subscription backoff and the topic's dead-letter topic", () => {
    const push = resourceBlock(hcl, 'google_pubsub_subscription', 'events_worker');
    expect(push).toMatch(deadLetter('events', 5));
    expect(push).toMatch(
      /retry_policy \{\s*minimum_backoff = "10s"\s*maximum_backoff = "600s"\s*\}/,
    );
    expect(resourceBlock(hcl, 'google_pubsub_topic', 'events_dlq')).toContain(
      'message_retention_duration = "604800s"',
    );
  });

  it('gives a pull subscription the same, after the deliveries the design sets', () => {
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'alerts')).toMatch(
      deadLetter('alerts', 10),
    );
  });

  it("lets Pub/Sub's service agent publish the dead letters and acknowledge them", () => {
    const publisher = resourceBlock(hcl, 'google_pubsub_topic_iam_member', 'events_dlq_publisher');
    expect(publisher).toContain('roles/pubsub.publisher');
    expect(publisher).toContain('@gcp-sa-pubsub.iam.gserviceaccount.com');
    const subscriber = resourceBlock(
      hcl,
      'google_pubsub_subscription_iam_member',
      'events_worker_dlq_subscriber',
    );
    expect(subscriber).toContain('google_pubsub_subscription.events_worker.name');
    expect(subscriber).toContain('roles/pubsub.subscriber');
  });

  it('writes no dead-letter topic when the design turns it off', () => {
    expect(hcl).not.toContain('"quiet_dlq"');
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'quiet')).not.toContain(
      'dead_letter_policy',
    );
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
