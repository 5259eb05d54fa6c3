import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Pub/Sub signs each authenticated push with an OIDC token of the subscription's account, which
 * its service agent may do only when allowed on that account in a project whose agent was made
 * before 8 April 2021. Before, nothing allowed it: there every push failed, was retried and
 * ended in the dead-letter topic.
 */
describe("gcp: Pub/Sub's service agent signs the tokens of authenticated pushes", () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
      { id: 'worker', service: 'gcp.cloud-function', name: 'worker' },
      { id: 'quiet', service: 'gcp.pubsub-topic', name: 'quiet' },
    ],
    connections: [
      { from: 'events', to: 'api', type: 'traffic' },
      { from: 'worker', to: 'jobs', type: 'data' },
    ],
  });
  const hcl = mainTf(design);
  const agent =
    'member             = "serviceAccount:service-${data.google_project.current.number}@gcp-sa-pubsub.iam.gserviceaccount.com"';

  it("on a topic's push account and on the account a queue pushes to a function as", () => {
    for (const [grant, account, subscription] of [
      ['events_push_pubsub_tokens', 'events_push', 'events_api'],
      ['worker_pubsub_tokens', 'worker', 'jobs_worker'],
    ] as const) {
      const block = resourceBlock(hcl, 'google_service_account_iam_member', grant);
      expect(block).toContain(`service_account_id = google_service_account.${account}.name`);
      expect(block).toMatch(/role\s+= "roles\/iam\.serviceAccountTokenCreator"/);
      expect(block).toContain(agent);
      expect(resourceBlock(hcl, 'google_pubsub_subscription', subscription)).toContain(
        `service_account_email = google_service_account.${account}.email`,
      );
    }
  });

  it('nowhere a topic is only pulled from', () => {
    expect(hcl.match(/"roles\/iam\.serviceAccountTokenCreator"/g)).toHaveLength(2);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
