import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An Eventarc Advanced pipeline delivering to a Pub/Sub topic publishes as Eventarc's service
 * agent: a topic destination names no account of its own. Before, the publisher role went to the
 * bus's pipeline account, which never publishes, so every event to a topic or queue was refused.
 */
const design = (http: boolean) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'bus', service: 'gcp.eventarc-bus', name: 'orders' },
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
      { id: 'fanout', service: 'gcp.pubsub-topic', name: 'fanout' },
      ...(http ? [{ id: 'api', service: 'gcp.cloud-run', name: 'api' }] : []),
    ],
    connections: [
      { from: 'bus', to: 'jobs', type: 'traffic' },
      { from: 'bus', to: 'fanout', type: 'data' },
      ...(http ? [{ from: 'bus', to: 'api', type: 'traffic' }] : []),
    ],
  });

describe("gcp: a bus pipeline publishes to its topics as Eventarc's service agent", () => {
  const hcl = mainTf(design(false));

  it.each([
    ['jobs', 'google_pubsub_topic.jobs.name'],
    ['fanout', 'google_pubsub_topic.fanout.name'],
  ])('lets the agent publish to %s, and no one else', (target, topic) => {
    const grant = resourceBlock(hcl, 'google_pubsub_topic_iam_member', `bus_${target}_publisher`);
    expect(grant).toContain(`topic  = ${topic}`);
    expect(grant).toMatch(/role\s+= "roles\/pubsub\.publisher"/);
    expect(grant).toMatch(
      /member = "serviceAccount:service-\$\{data\.google_project\.current\.number\}@gcp-sa-eventarc\.iam\.gserviceaccount\.com"/,
    );
    expect(resourceBlock(hcl, 'google_eventarc_pipeline', `bus_${target}`)).not.toContain(
      'authentication_config',
    );
  });

  it('makes no pipeline account for a bus that delivers to topics only', () => {
    expect(hcl).not.toContain('google_service_account" "bus_pipeline"');
  });

  it('keeps the pipeline account for HTTP deliveries, not for publishing', () => {
    const withHttp = mainTf(design(true));
    expect(withHttp).toContain('resource "google_service_account" "bus_pipeline"');
    expect(
      resourceBlock(withHttp, 'google_pubsub_topic_iam_member', 'bus_jobs_publisher'),
    ).not.toContain('bus_pipeline');
  });

  it('has the README create the agent before the first apply', () => {
    const readme = terraformFiles(design(false)).find((f) => f.path === 'README.md')?.content;
    expect(readme).toContain('services identity create --service=eventarc.googleapis.com');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design(true)))).toEqual([]);
  });
});
