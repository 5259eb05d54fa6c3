import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import {
  outputBlock,
  outputSettings,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * A Pub/Sub topic delivers to a VM, an instance group or a GKE cluster on a pull subscription of
 * each one's own, which that consumer's account may consume and which it is told of. Before, such
 * a connection wrote nothing (rule gcp-delivery-targets warned): the topic kept one subscription
 * nobody was allowed to pull from, so the consumers never received a message.
 */
describe('gcp: a Pub/Sub topic delivers to VMs, instance groups and GKE by pull', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
      {
        id: 'audit',
        service: 'gcp.pubsub-topic',
        name: 'audit',
        properties: { deadLetter: false, ackDeadline: 120 },
      },
      { id: 'worker', service: 'gcp.compute-instance', name: 'worker', group: 'sn-0' },
      { id: 'fleet', service: 'gcp.managed-instance-group', name: 'fleet', group: 'sn-0' },
      { id: 'apps', service: 'gcp.gke', name: 'apps', group: 'sn-1' },
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
    ],
    connections: [
      { from: 'events', to: 'worker', type: 'traffic' },
      // Both kinds of connection to one consumer: still one subscription.
      { from: 'events', to: 'fleet', type: 'traffic' },
      { from: 'events', to: 'fleet', type: 'data' },
      { from: 'events', to: 'apps', type: 'data' },
      { from: 'events', to: 'api', type: 'traffic' },
      { from: 'audit', to: 'worker', type: 'data' },
    ],
  });
  const files = terraformFiles(design, 'standard');
  const file = (path: string) => files.find((f) => f.path === path)!.content;
  const hcl = file('main.tf');
  const pulls = ['worker', 'fleet', 'apps'];

  it('gives each consumer a pull subscription that never expires, with backoff and dead letters', () => {
    for (const consumer of pulls) {
      const sub = resourceBlock(hcl, 'google_pubsub_subscription', `events_${consumer}`);
      expect(sub).toMatch(/\n {2}topic\s+= google_pubsub_topic\.events\.id\n/);
      expect(sub).toMatch(/ack_deadline_seconds\s+= 30\n/);
      expect(sub).toMatch(/message_retention_duration\s+= "604800s"/);
      expect(sub).toMatch(/expiration_policy \{\s*ttl = ""\s*\}/);
      expect(sub).toMatch(/retry_policy \{\s*minimum_backoff = "10s"\s*maximum_backoff = "600s"/);
      expect(sub).toMatch(
        /dead_letter_policy \{\s*dead_letter_topic\s*= google_pubsub_topic\.events_dlq\.id\s*max_delivery_attempts = 5/,
      );
      expect(sub).not.toContain('push_config');
      // Pub/Sub's service agent may acknowledge what it moves to the dead-letter topic.
      expect(
        resourceBlock(
          hcl,
          'google_pubsub_subscription_iam_member',
          `events_${consumer}_dlq_subscriber`,
        ),
      ).toContain(`google_pubsub_subscription.events_${consumer}.name`);
    }
    expect(hcl.match(/resource "google_pubsub_subscription" "events_fleet"/g)).toHaveLength(1);
    // A pushed Cloud Run service keeps its push subscription; no catch-all subscription is left.
    expect(resourceBlock(hcl, 'google_pubsub_subscription', 'events_api')).toContain('push_config');
    expect(hcl).not.toContain('resource "google_pubsub_subscription" "events" {');
  });

  it("follows the topic's settings: its ack deadline, no dead letters when turned off", () => {
    const sub = resourceBlock(hcl, 'google_pubsub_subscription', 'audit_worker');
    expect(sub).toMatch(/ack_deadline_seconds\s+= 120\n/);
    expect(sub).not.toContain('dead_letter_policy');
    expect(hcl).not.toContain('resource "google_pubsub_subscription" "audit" {');
  });

  it("lets the VM's and the group's accounts, and the cluster's workload identity, consume", () => {
    const grant = (local: string) =>
      resourceBlock(hcl, 'google_pubsub_subscription_iam_member', local);
    const account = {
      worker: 'google_service_account.worker.email',
      fleet: 'google_service_account.fleet.email',
      apps: 'google_service_account.apps_workload.email',
    };
    for (const [consumer, email] of Object.entries(account)) {
      const g = grant(`${consumer}_from_events`);
      expect(g).toContain(`subscription = google_pubsub_subscription.events_${consumer}.name`);
      expect(g).toContain('role         = "roles/pubsub.subscriber"');
      expect(g).toContain(`member       = "serviceAccount:\${${email}}"`);
    }
    expect(grant('worker_from_audit')).toContain('google_pubsub_subscription.audit_worker.name');
    // The cluster has no other connection: its workload account exists for the subscription.
    expect(
      resourceBlock(hcl, 'google_service_account_iam_member', 'apps_workload_identity'),
    ).toContain('roles/iam.workloadIdentityUser');
  });

  it('tells each consumer the subscription it pulls from', () => {
    const metadata = (type: string, local: string) => resourceBlock(hcl, type, local);
    expect(metadata('google_compute_instance', 'worker')).toMatch(
      /AUDIT_SUBSCRIPTION\s+= google_pubsub_subscription\.audit_worker\.id\s+EVENTS_SUBSCRIPTION\s+= google_pubsub_subscription\.events_worker\.id/,
    );
    expect(metadata('google_compute_instance_template', 'fleet')).toMatch(
      /EVENTS_SUBSCRIPTION\s+= google_pubsub_subscription\.events_fleet\.id/,
    );
    expect(outputSettings(outputBlock(file('outputs.tf'), 'apps_settings'))).toEqual([
      'EVENTS_SUBSCRIPTION=google_pubsub_subscription.events_apps.id',
    ]);
    // A pushed service is not told of a subscription.
    expect(resourceBlock(hcl, 'google_cloud_run_v2_service', 'api')).not.toContain('SUBSCRIPTION');
  });

  it('says in the README what each consumer pulls, under which setting, and how', () => {
    const readme = file('README.md');
    expect(readme).toContain('## Pub/Sub subscriptions');
    expect(readme).toContain(
      "- `worker` from `events`: `EVENTS_SUBSCRIPTION`, ack deadline 30 s, to the topic's dead-letter topic after 5 deliveries.",
    );
    expect(readme).toContain('- `worker` from `audit`: `AUDIT_SUBSCRIPTION`, ack deadline 120 s.');
    expect(readme).toContain(
      '- `apps` (as the Kubernetes service account `apps` of namespace `default`) from `events`: `EVENTS_SUBSCRIPTION`',
    );
    expect(readme).toContain('- `fleet` from `events`');
    expect(readme.match(/- `fleet` from `events`/g)).toHaveLength(1);
    expect(readme).not.toContain('- `api` from');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(files)).toEqual([]);
  });
});
