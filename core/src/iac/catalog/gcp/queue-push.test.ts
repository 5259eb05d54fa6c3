import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A function triggered by a queue, another by a queue with no dead-letter topic, and a VM that
 * only reads a queue. The Eventarc trigger the functions had delivered through a subscription of
 * Eventarc's own, which Terraform cannot configure: a message that always failed was retried
 * until its retention ended and then dropped, never dead-lettered.
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
    { id: 'loose', service: 'gcp.pubsub-queue', name: 'loose', properties: { deadLetter: false } },
    { id: 'worker', service: 'gcp.cloud-function', name: 'worker', properties: { timeout: 300 } },
    { id: 'mailer', service: 'gcp.cloud-function', name: 'mailer' },
    { id: 'vm', service: 'gcp.compute-instance', name: 'reader', group: 'sn-0' },
  ],
  connections: [
    { from: 'worker', to: 'jobs', type: 'data' },
    { from: 'mailer', to: 'loose', type: 'data' },
    { from: 'vm', to: 'jobs', type: 'data' },
  ],
});

describe('gcp: a queue pushes to the function it triggers, with its dead-letter topic', () => {
  const hcl = mainTf(design);

  it('writes no Eventarc trigger, whose subscription could have no dead-letter topic', () => {
    expect(hcl).not.toContain('event_trigger');
    expect(hcl).not.toContain('google_eventarc_trigger');
  });

  it("pushes to the function's URL as the function's own account, which may invoke it", () => {
    const push = resourceBlock(hcl, 'google_pubsub_subscription', 'jobs_worker');
    expect(push).toContain('topic                      = google_pubsub_topic.jobs.id');
    expect(push).toContain('push_endpoint = google_cloudfunctions2_function.worker.url');
    expect(push).toContain('service_account_email = google_service_account.worker.email');
    expect(
      resourceBlock(hcl, 'google_cloud_run_v2_service_iam_member', 'worker_trigger'),
    ).toContain('member   = "serviceAccount:${google_service_account.worker.email}"');
  });

  it("dead-letters after the queue's delivery attempts, as its pull subscription does", () => {
    const deadLetter = [
      '  dead_letter_policy {',
      '    dead_letter_topic     = google_pubsub_topic.jobs_dlq.id',
      '    max_delivery_attempts = 5',
      '  }',
    ].join('\n');
    for (const sub of ['jobs', 'jobs_worker']) {
      const block = resourceBlock(hcl, 'google_pubsub_subscription', sub);
      expect(block).toContain(deadLetter);
      expect(block).toMatch(/retry_policy \{\s+minimum_backoff = "10s"\s+maximum_backoff = "600s"/);
    }
  });

  it("lets Pub/Sub's service agent acknowledge what it dead-letters on the push subscription", () => {
    const grant = resourceBlock(
      hcl,
      'google_pubsub_subscription_iam_member',
      'jobs_worker_dlq_subscriber',
    );
    expect(grant).toContain('subscription = google_pubsub_subscription.jobs_worker.name');
    expect(grant).toContain('@gcp-sa-pubsub.iam.gserviceaccount.com');
  });

  it('pushes without a dead-letter topic from a queue that has none, and to nothing else', () => {
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'loose_mailer')).not.toContain(
      'dead_letter_policy',
    );
    expect(hcl).not.toContain('"jobs_vm"');
    // The dead-letter topic's own subscription aside (dead-letter.test.ts).
    expect(hcl.match(/resource "google_pubsub_subscription" "(?!\w*_dlq")/g)).toHaveLength(4);
  });

  it('waits for the response as long as the function may run, not the ack deadline of pulls', () => {
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'jobs_worker')).toContain(
      'ack_deadline_seconds       = 300',
    );
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'jobs')).toContain(
      'ack_deadline_seconds       = 30',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

describe('gcp: the push to a function that runs only seconds', () => {
  it('waits the 10 seconds Pub/Sub asks at least, not the shorter timeout', () => {
    const quick = smallDesign({
      cloud: 'gcp',
      components: [
        { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
        { id: 'ping', service: 'gcp.cloud-function', name: 'ping', properties: { timeout: 3 } },
      ],
      connections: [{ from: 'ping', to: 'jobs', type: 'data' }],
    });
    expect(resourceBlock(mainTf(quick), 'google_pubsub_subscription', 'jobs_ping')).toMatch(
      /ack_deadline_seconds\s+= 10\n/,
    );
  });
});

describe('gcp: the push to a function that production lets run longer', () => {
  it("waits for the longest timeout of any environment, so prod's message is not redelivered mid-run", () => {
    const design = {
      ...smallDesign({
        cloud: 'gcp',
        components: [
          { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
          {
            id: 'report',
            service: 'gcp.cloud-function',
            name: 'report',
            properties: { timeout: 60 },
          },
        ],
        connections: [{ from: 'report', to: 'jobs', type: 'data' }],
      }),
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { report: { timeout: 480 } } }],
    };
    expect(resourceBlock(mainTf(design), 'google_pubsub_subscription', 'jobs_report')).toMatch(
      /ack_deadline_seconds\s+= 480\n/,
    );
  });
});
