import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Cloud Run services and functions served by a load balancer or a CDN (serverless NEGs), with
 * their properties left at the defaults (ingress from everywhere, invocations authenticated).
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'lb', service: 'gcp.http-load-balancer', name: 'web' },
    { id: 'api', service: 'gcp.cloud-run', name: 'api' },
    { id: 'hooks', service: 'gcp.http-load-balancer', name: 'hooks' },
    { id: 'hook', service: 'gcp.cloud-function', name: 'hook' },
    { id: 'cdn', service: 'gcp.cloud-cdn', name: 'assets' },
    { id: 'render', service: 'gcp.cloud-run', name: 'render' },
    { id: 'jobs', service: 'gcp.cloud-run', name: 'jobs' },
  ],
  connections: [
    { from: 'lb', to: 'api', type: 'traffic' },
    { from: 'hooks', to: 'hook', type: 'traffic' },
    { from: 'cdn', to: 'render', type: 'traffic' },
    { from: 'jobs', to: 'api', type: 'traffic' },
  ],
});

const ingressOf = (hcl: string, name: string) =>
  /\n {2}ingress\s+= "(\w+)"/.exec(resourceBlock(hcl, 'google_cloud_run_v2_service', name))?.[1];

const invokers = (hcl: string) =>
  [...hcl.matchAll(/resource "google_cloud_run_v2_service_iam_member" "(\w+)" \{([^}]*)\}/g)]
    .filter(([, , body]) => body?.includes('roles/run.invoker'))
    .map(([, name, body]) => `${name} ${/member\s+= (.+)/.exec(body ?? '')?.[1] ?? ''}`);

describe('gcp: a Cloud Run service or function behind a load balancer', () => {
  const hcl = mainTf(design);

  it('takes traffic only through the load balancer (no run.app bypass of Cloud Armor)', () => {
    expect(ingressOf(hcl, 'api')).toBe('INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER');
    expect(ingressOf(hcl, 'render')).toBe('INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER');
    // Not served by one: its own setting.
    expect(ingressOf(hcl, 'jobs')).toBe('INGRESS_TRAFFIC_ALL');
  });

  it('may be invoked by anyone through it (the serverless NEG forwards anonymous requests)', () => {
    expect(invokers(hcl).sort()).toEqual([
      'api_public "allUsers"',
      'hook_public "allUsers"',
      'render_public "allUsers"',
    ]);
    expect(resourceBlock(hcl, 'google_cloud_run_v2_service_iam_member', 'hook_public')).toContain(
      'name     = google_cloudfunctions2_function.hook.name',
    );
  });

  it('is refused as the target of an uptime check, which comes from the internet', () => {
    const checked = smallDesign({
      cloud: 'gcp',
      components: [
        { id: 'lb', service: 'gcp.http-load-balancer', name: 'web' },
        { id: 'api', service: 'gcp.cloud-run', name: 'api' },
        { id: 'up', service: 'gcp.uptime-check', name: 'api' },
      ],
      connections: [
        { from: 'lb', to: 'api', type: 'traffic' },
        { from: 'up', to: 'api', type: 'traffic' },
      ],
    });
    const r = generate(checked, { format: 'terraform', layout: 'single' });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringContaining('connect the check to its load balancer'),
    ]);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
