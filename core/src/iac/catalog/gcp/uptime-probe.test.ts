import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An uptime check of a Cloud Run service that checks its callers' identity probed it
 * anonymously: every probe got 403, so the check failed from every region and its alert fired
 * for a service that was up.
 */
const design = (target: Record<string, unknown>) =>
  smallDesign({
    cloud: 'gcp',
    components: [target, { id: 'up', service: 'gcp.uptime-check', name: 'api' }],
    connections: [{ from: 'up', to: 'api', type: 'traffic' }],
  });

const run = (isPublic: boolean) =>
  design({
    id: 'api',
    service: 'gcp.cloud-run',
    name: 'api',
    properties: { public: isPublic },
  });

const mainOf = (d: Record<string, unknown>) =>
  terraformFiles(d).find((f) => f.path === 'main.tf')!.content;

describe('gcp: uptime check of a Cloud Run service or function', () => {
  it('sends the OIDC token of the Monitoring agent, which may invoke a private service', () => {
    const main = mainOf(run(false));
    const check = resourceBlock(main, 'google_monitoring_uptime_check_config', 'up');
    expect(check).toMatch(/service_agent_authentication \{\s+type = "OIDC_TOKEN"\s+\}/);
    expect(check).toMatch(
      /host\s+= trimprefix\(google_cloud_run_v2_service\.api\.uri, "https:\/\/"\)/,
    );
    const grant = resourceBlock(main, 'google_cloud_run_v2_service_iam_member', 'up_probe');
    expect(grant).toMatch(/name\s+= google_cloud_run_v2_service\.api\.name/);
    expect(grant).toMatch(/role\s+= "roles\/run\.invoker"/);
    expect(grant).toContain(
      'member   = "serviceAccount:service-${data.google_project.current.number}@gcp-sa-monitoring-notification.iam.gserviceaccount.com"',
    );
  });

  it('probes a service everyone may invoke without a token', () => {
    const main = mainOf(run(true));
    const check = resourceBlock(main, 'google_monitoring_uptime_check_config', 'up');
    expect(check).not.toMatch(/service_agent_authentication/);
    expect(main).not.toMatch(/"up_probe"/);
  });

  it('refuses a function, which takes internal and load balancer traffic only', () => {
    const fn = design({ id: 'api', service: 'gcp.cloud-function', name: 'api' });
    const r = generate(fn, { format: 'terraform', layout: 'single' });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringContaining(
        'accepts internal and load balancer traffic only: connect the check to its load balancer',
      ),
    ]);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(run(false)), sharedOrBundledSchemas())).toEqual([]);
  });
});
