import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * AKS gives a cluster on Azure CNI the service range 10.0.0.0/16 unless told otherwise, and refuses
 * to create it when that range overlaps its VNet's subnets: in a VNet of 10.0.0.0/16 (the
 * catalog's default address space) the cluster creation failed.
 */
const design = (vnetCidr: string, prodCidr?: string) => ({
  ...smallDesign({
    cloud: 'azure',
    groups: [
      { id: 'net', service: 'azure.virtual-network', name: 'main', properties: { cidr: vnetCidr } },
      {
        id: 'sn-0',
        service: 'azure.subnet',
        name: 'aks',
        parent: 'net',
        properties: { cidr: vnetCidr.replace(/\.0\.0\/\d+$/, '.16.0/20') },
      },
    ],
    components: [{ id: 'k8s', service: 'azure.aks', name: 'k8s', group: 'sn-0' }],
  }),
  ...(prodCidr
    ? { environments: [{ name: 'dev' }, { name: 'prod', overrides: { net: { cidr: prodCidr } } }] }
    : {}),
});

const cluster = (d: unknown) => resourceBlock(mainTf(d), 'azurerm_kubernetes_cluster', 'k8s');

function armProfile(d: unknown): Record<string, unknown> {
  const r = generate(d, { format: 'arm', layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const template = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
    resources: { type: string; properties: { networkProfile?: Record<string, unknown> } }[];
  };
  return template.resources.find((x) => x.type === 'Microsoft.ContainerService/managedClusters')!
    .properties.networkProfile!;
}

describe('AKS service range', () => {
  it('moves out of a VNet that holds AKS’s default range (Terraform and ARM)', () => {
    const tf = cluster(design('10.0.0.0/16'));
    expect(tf).toMatch(/service_cidr\s+= "172\.16\.0\.0\/16"/);
    expect(tf).toMatch(/dns_service_ip\s+= "172\.16\.0\.10"/);
    expect(armProfile(design('10.0.0.0/16'))).toMatchObject({
      serviceCidr: '172.16.0.0/16',
      dnsServiceIP: '172.16.0.10',
    });
  });

  it('moves out where any environment’s address space holds it', () => {
    expect(cluster(design('10.60.0.0/16', '10.0.0.0/8'))).toMatch(
      /service_cidr\s+= "172\.16\.0\.0\/16"/,
    );
  });

  it('takes the next range where the VNet holds the first fallback as well', () => {
    expect(cluster(design('10.0.0.0/16', '172.16.0.0/12'))).toMatch(
      /service_cidr\s+= "192\.168\.0\.0\/16"/,
    );
  });

  it('leaves AKS’s default where it is clear of the VNet', () => {
    expect(cluster(design('10.60.0.0/16'))).not.toContain('service_cidr');
    expect(armProfile(design('10.60.0.0/16'))['serviceCidr']).toBeUndefined();
  });
});
