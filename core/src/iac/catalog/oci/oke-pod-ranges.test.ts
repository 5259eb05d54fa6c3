import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * OKE's default pod (10.244.0.0/16) and service (10.96.0.0/16) ranges may not overlap the VCN, nor
 * the on-premises network of its VPN: where they would, the cluster takes ranges clear of both.
 */
const cluster = (vcn: string, onPrem?: string) => {
  const design = smallDesign({
    cloud: 'oci',
    groups: [
      { id: 'net', service: 'oci.vcn', name: 'main', properties: { cidr: vcn } },
      {
        id: 'sn-0',
        service: 'oci.subnet',
        name: 'sn0',
        parent: 'net',
        properties: { cidr: vcn.replace(/\/\d+$/, '/24') },
      },
    ],
    components: [
      { id: 'k8s', service: 'oci.oke', name: 'apps', group: 'sn-0' },
      ...(onPrem
        ? [
            {
              id: 'office',
              service: 'oci.site-to-site-vpn',
              name: 'office',
              group: 'net',
              properties: { onPremCidr: onPrem },
            },
          ]
        : []),
    ],
  });
  return resourceBlock(mainTf(design), 'oci_containerengine_cluster', 'k8s');
};
const ranges = (block: string) =>
  [...block.matchAll(/(pods_cidr|services_cidr)\s+= "([^"]+)"/g)].map(([, k, v]) => `${k}=${v}`);

describe('oci: pod and service ranges of an OKE cluster', () => {
  it("keeps OKE's defaults (writes nothing) where they are clear of the VCN", () => {
    expect(cluster('10.20.0.0/16')).not.toContain('kubernetes_network_config');
  });

  it('moves both out of a VCN that holds them (10.0.0.0/8)', () => {
    expect(ranges(cluster('10.0.0.0/8'))).toEqual([
      'pods_cidr=172.16.0.0/16',
      'services_cidr=172.17.0.0/16',
    ]);
  });

  it('moves the service range out of a VCN at 10.96.0.0/16, and pods past the office', () => {
    expect(ranges(cluster('10.96.0.0/16'))).toEqual([
      'pods_cidr=10.244.0.0/16',
      'services_cidr=172.17.0.0/16',
    ]);
    expect(ranges(cluster('10.96.0.0/16', '10.244.0.0/14'))).toEqual([
      'pods_cidr=172.16.0.0/16',
      'services_cidr=172.17.0.0/16',
    ]);
  });
});
