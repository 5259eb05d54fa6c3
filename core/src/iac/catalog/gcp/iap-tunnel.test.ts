import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** An IAP tunnel to a GKE cluster, a VM and a Cloud Run service; the cluster's data connections vary. */
const tunnelTo = (clusterReads: readonly string[]) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
      { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
      { id: 'api-key', service: 'gcp.secret-manager', name: 'api-key' },
      { id: 'vm', service: 'gcp.compute-instance', name: 'jump', group: 'sn-1' },
      { id: 'run', service: 'gcp.cloud-run', name: 'api' },
      { id: 'iap', service: 'gcp.iap-tunnel', name: 'ops', group: 'net' },
    ],
    connections: [
      ...clusterReads.map((to) => ({ from: 'gke', to, type: 'data' })),
      { from: 'iap', to: 'gke', type: 'traffic', port: 22 },
      { from: 'iap', to: 'vm', type: 'traffic', port: 22 },
      { from: 'iap', to: 'run', type: 'traffic' },
    ],
  });

/** `target_service_accounts` of the IAP firewall rule, one reference a line. */
const tunnelTargets = (hcl: string): string[] =>
  /target_service_accounts = \[([^\]]*)\]/
    .exec(resourceBlock(hcl, 'google_compute_firewall', 'iap'))?.[1]
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '') ?? [];

describe('gcp: an IAP tunnel reaches the machines it is drawn to', () => {
  // A cluster whose only data connection is its registry has no workload account (the nodes pull).
  const registryOnly = tunnelTo(['images']);
  const withReads = tunnelTo(['images', 'api-key']);

  it("admits IAP's range to a cluster's nodes, not to its pods' workload account", () => {
    for (const design of [registryOnly, withReads]) {
      expect(tunnelTargets(mainTf(design))).toEqual([
        'google_service_account.gke_nodes.email',
        'google_service_account.vm.email',
      ]);
    }
    expect(mainTf(registryOnly)).not.toContain('gke_workload');
    expect(mainTf(withReads)).toContain('resource "google_service_account" "gke_workload"');
  });

  it('leaves out a Cloud Run service, which has no machine to tunnel to', () => {
    expect(resourceBlock(mainTf(withReads), 'google_compute_firewall', 'iap')).not.toContain(
      'google_service_account.run',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(registryOnly))).toEqual([]);
    expect(await checkOutput(terraformFiles(withReads))).toEqual([]);
  });
});
