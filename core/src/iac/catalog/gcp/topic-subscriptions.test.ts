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
