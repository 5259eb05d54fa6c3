import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** Traffic the design draws is admitted by the VPC firewall (custom networks deny ingress). */
const firewall = (hcl: string, name: string) =>
  new RegExp(`resource "google_compute_firewall" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(hcl)?.[0] ??
  '';

describe('gcp: firewall rules for client traffic', () => {
  const design = (isPublic: boolean) =>
    smallDesign({
      cloud: 'gcp',
      components: [
        {
          id: 'nlb',
          service: 'gcp.network-load-balancer',
          name: 'nlb',
          group: 'sn-0',
          properties: { public: isPublic, listenerPort: 8443 },
        },
        { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-1' },
        { id: 'jobs', service: 'gcp.compute-instance', name: 'jobs', group: 'sn-0' },
        { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-1' },
      ],
      connections: [
        { from: 'nlb', to: 'web', type: 'traffic' },
        { from: 'jobs', to: 'gke', type: 'traffic', port: 30080 },
        ...(isPublic ? [] : [{ from: 'jobs', to: 'nlb', type: 'traffic' }]),
      ],
    });

  it('opens an internet-facing passthrough load balancer to everyone on its listener port only', async () => {
    const rule = firewall(mainTf(design(true)), 'nlb_clients');
    expect(rule).toMatch(/source_ranges\s+= \["0\.0\.0\.0\/0"\]/);
    expect(rule).toMatch(/target_service_accounts = \[google_service_account\.web\.email\]/);
    expect(rule).toMatch(/protocol = "tcp"\n\s+ports\s+= \["8443"\]/);
    expect(await checkOutput(terraformFiles(design(true)))).toEqual([]);
  });

  it('opens an internal one to the senders drawn into it', async () => {
    const rule = firewall(mainTf(design(false)), 'nlb_clients');
    expect(rule).toMatch(/source_service_accounts = \[google_service_account\.jobs\.email\]/);
    expect(rule).not.toMatch(/0\.0\.0\.0\/0/);
    expect(await checkOutput(terraformFiles(design(false)))).toEqual([]);
  });

  it('admits a traffic edge into GKE on the nodes, from the sender only', () => {
    const rule = firewall(mainTf(design(true)), 'gke_from_jobs_30080');
    expect(rule).toMatch(/source_service_accounts = \[google_service_account\.jobs\.email\]/);
    expect(rule).toMatch(/target_service_accounts = \[google_service_account\.gke_nodes\.email\]/);
    expect(rule).toMatch(/ports\s+= \["30080"\]/);
  });
});

describe('gcp: managed instance group with an autoscaler', () => {
  it('leaves the group size to the autoscaler on later applies', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'gcp',
        components: [
          { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-1' },
        ],
      }),
    );
    expect(hcl).toMatch(/resource "google_compute_region_autoscaler" "web"/);
    expect(hcl).toMatch(/lifecycle \{\n\s+ignore_changes = \[target_size\]\n\s+\}/);
  });
});
