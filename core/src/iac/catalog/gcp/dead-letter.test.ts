import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A dead-letter topic has a subscription that keeps what lands there, and an alert when it
 * holds a message. Before, nothing subscribed to it: a topic delivers to its subscriptions only,
 * so the failed messages sat out their 7 days of topic retention unseen and were gone.
 */
const design = (opts: { watched?: boolean; alerting?: boolean; deadLetter?: boolean } = {}) => {
  const { watched = false, alerting = true, deadLetter = true } = opts;
  return smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs', properties: { deadLetter } },
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events', properties: { deadLetter } },
      { id: 'worker', service: 'gcp.cloud-run', name: 'worker' },
      { id: 'ops', service: 'gcp.pubsub-topic', name: 'ops', properties: { deadLetter: false } },
      { id: 'team', service: 'gcp.pubsub-topic', name: 'team', properties: { deadLetter: false } },
      ...(alerting ? [{ id: 'latency', service: 'gcp.alert-policy', name: 'latency' }] : []),
      ...(watched
        ? [
            {
              id: 'backlog',
              service: 'gcp.alert-policy',
              name: 'backlog',
              properties: { threshold: 600, aligner: 'ALIGN_MAX' },
            },
          ]
        : []),
    ],
    connections: [
      { from: 'events', to: 'worker', type: 'traffic' },
      ...(alerting
        ? [
            { from: 'latency', to: 'worker', type: 'data' },
            { from: 'latency', to: 'ops', type: 'data' },
          ]
        : []),
      ...(watched
        ? [
            { from: 'backlog', to: 'jobs', type: 'data' },
            { from: 'backlog', to: 'team', type: 'data' },
          ]
        : []),
    ],
  });
};

describe('gcp: a dead-letter topic is read and alerts', () => {
  const hcl = mainTf(design());

  it('subscribes to the dead-letter topic of a queue and of a topic, never expiring', () => {
    for (const name of ['jobs', 'events']) {
      const sub = resourceBlock(hcl, 'google_pubsub_subscription', `${name}_dlq`);
      expect(sub).toMatch(new RegExp(`topic\\s+= google_pubsub_topic\\.${name}_dlq\\.id`));
      expect(sub).toMatch(/message_retention_duration = "604800s"/);
      expect(sub).toMatch(/expiration_policy \{\s*ttl = ""\s*\}/);
      expect(sub).not.toContain('push_config');
    }
  });

  it('alerts on any undelivered message of that subscription', () => {
    const alert = resourceBlock(hcl, 'google_monitoring_alert_policy', 'jobs_dlq');
    expect(alert).toContain(
      'metric.type = \\"pubsub.googleapis.com/subscription/num_undelivered_messages\\"',
    );
    expect(alert).toContain(
      'resource.labels.subscription_id = \\"${google_pubsub_subscription.jobs_dlq.name}\\"',
    );
    expect(alert).toMatch(/comparison\s+= "COMPARISON_GT"/);
    expect(alert).toMatch(/threshold_value\s+= 0\n/);
    expect(alert).toMatch(/per_series_aligner = "ALIGN_MAX"/);
  });

  it("notifies the design's notification channels", () => {
    for (const name of ['jobs', 'events'])
      expect(resourceBlock(hcl, 'google_monitoring_alert_policy', `${name}_dlq`)).toMatch(
        /notification_channels = \[google_monitoring_notification_channel\.latency_ops\.id\]/,
      );
  });

  it('notifies only the channels of the alert policies watching the queue, when there are some', () => {
    const watched = mainTf(design({ watched: true }));
    expect(resourceBlock(watched, 'google_monitoring_alert_policy', 'jobs_dlq')).toMatch(
      /notification_channels = \[google_monitoring_notification_channel\.backlog_team\.id\]/,
    );
  });

  it('still alerts, in Cloud Monitoring only, when the design notifies no one', () => {
    const alert = resourceBlock(
      mainTf(design({ alerting: false })),
      'google_monitoring_alert_policy',
      'jobs_dlq',
    );
    expect(alert).not.toContain('notification_channels');
  });

  it('writes neither without a dead-letter topic', () => {
    const none = mainTf(design({ deadLetter: false }));
    expect(none).not.toMatch(/google_pubsub_subscription" "(jobs|events)_dlq"/);
    expect(none).not.toMatch(/google_monitoring_alert_policy" "(jobs|events)_dlq"/);
  });

  it('passes the schema check, in one file and in modules', async () => {
    expect(await checkOutput(terraformFiles(design({ watched: true })))).toEqual([]);
    expect(await checkOutput(terraformFiles(design(), 'modules'))).toEqual([]);
  });
});
