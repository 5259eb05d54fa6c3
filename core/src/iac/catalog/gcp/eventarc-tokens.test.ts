import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An Eventarc Advanced pipeline signs its deliveries to Cloud Run and functions with OIDC tokens
 * of the bus's pipeline account, which Eventarc's service agent must be allowed to create. Before,
 * nothing allowed it, so no event reached them.
 */
const design = (http: boolean) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'bus', service: 'gcp.eventarc-bus', name: 'orders' },
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
      ...(http ? [{ id: 'api', service: 'gcp.cloud-run', name: 'api' }] : []),
    ],
    connections: [
      { from: 'bus', to: 'jobs', type: 'traffic' },
      ...(http ? [{ from: 'bus', to: 'api', type: 'traffic' }] : []),
    ],
  });

describe("gcp: Eventarc's service agent signs a bus pipeline's deliveries", () => {
  const hcl = mainTf(design(true));

  it('may create tokens of the pipeline account the HTTP destination authenticates as', () => {
    const grant = resourceBlock(
      hcl,
      'google_service_account_iam_member',
      'bus_pipeline_eventarc_tokens',
    );
    expect(grant).toContain('service_account_id = google_service_account.bus_pipeline.name');
    expect(grant).toMatch(/role\s+= "roles\/iam\.serviceAccountTokenCreator"/);
    expect(grant).toContain('@gcp-sa-eventarc.iam.gserviceaccount.com');
    expect(resourceBlock(hcl, 'google_eventarc_pipeline', 'bus_api')).toContain(
      'service_account = google_service_account.bus_pipeline.email',
    );
  });

  it('has the README create the agent before the first apply', () => {
    const readme = terraformFiles(design(true)).find((f) => f.path === 'README.md')?.content;
    expect(readme).toContain('services identity create --service=eventarc.googleapis.com');
  });

  it('grants nothing to a bus that delivers to topics only', () => {
    expect(mainTf(design(false))).not.toContain('eventarc_tokens');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design(true)))).toEqual([]);
  });
});
