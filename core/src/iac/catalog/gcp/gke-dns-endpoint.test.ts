import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A GKE cluster without authorised networks has a private endpoint that answers its nodes'
 * subnet only: kubectl from a workstation or a pipeline could not reach it at all. The DNS-based
 * endpoint lets them in by IAM, without opening a network.
 */
const cluster = (authorizedNetworks: string[]) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'gke',
        service: 'gcp.gke',
        name: 'apps',
        group: 'sn-0',
        properties: { authorizedNetworks },
      },
    ],
  });

describe('gcp: a private GKE control plane is reached through its DNS-based endpoint', () => {
  const hcl = mainTf(cluster([]));

  it('turns the DNS-based endpoint on beside the private endpoint', () => {
    const block = resourceBlock(hcl, 'google_container_cluster', 'gke');
    expect(block).toMatch(/enable_private_endpoint = true/);
    expect(block).toMatch(
      /control_plane_endpoints_config \{\n\s+dns_endpoint_config \{\n\s+allow_external_traffic = true\n/,
    );
  });

  it('tells in the README how kubectl gets in', () => {
    const readme = terraformFiles(cluster([])).find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Cluster access');
    expect(readme).toContain(
      'gcloud container clusters get-credentials <cluster> --region <region> --dns-endpoint',
    );
  });

  it('keeps a cluster with authorised networks on its public endpoint, without the DNS one', () => {
    const open = cluster(['203.0.113.0/24']);
    expect(resourceBlock(mainTf(open), 'google_container_cluster', 'gke')).not.toContain(
      'control_plane_endpoints_config',
    );
    expect(terraformFiles(open).find((f) => f.path === 'README.md')!.content).toContain(
      'answers the networks in its `authorizedNetworks` only',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(cluster([])))).toEqual([]);
  });
});
