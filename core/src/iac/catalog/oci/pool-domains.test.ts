import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Node pools and instance pools spread over the region's availability domains: every one of the
 * three where the region has three (Ashburn, Phoenix, Frankfurt, London), else the one. Before,
 * both sat in the first AD, so its failure took every node and instance of the pool.
 */
const pools = (region?: string) =>
  smallDesign({
    cloud: 'oci',
    ...(region ? { region } : {}),
    components: [
      { id: 'oke', service: 'oci.oke', name: 'apps', group: 'sn-0' },
      { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'sn-0' },
    ],
  });
const ad = (i: number) =>
  new RegExp(
    `availability_domain\\s+= data\\.oci_identity_availability_domains\\.ads\\.availability_domains\\[${i}\\]\\.name`,
  );
const count = (text: string, part: string) => text.split(part).length - 1;

describe('oci: pools across availability domains', () => {
  it('places a node pool and an instance pool in each of three ADs (Frankfurt)', () => {
    const hcl = mainTf(pools('eu-frankfurt-1'));
    const nodes = resourceBlock(hcl, 'oci_containerengine_node_pool', 'oke');
    const web = resourceBlock(hcl, 'oci_core_instance_pool', 'web');
    expect(count(nodes, 'placement_configs {')).toBe(3);
    expect(count(web, 'placement_configurations {')).toBe(3);
    for (const i of [0, 1, 2]) {
      expect(nodes).toMatch(ad(i));
      expect(web).toMatch(ad(i));
    }
  });

  it('keeps one placement in a region of one AD (São Paulo)', () => {
    const hcl = mainTf(pools('sa-saopaulo-1'));
    expect(
      count(resourceBlock(hcl, 'oci_containerengine_node_pool', 'oke'), 'placement_configs {'),
    ).toBe(1);
    const web = resourceBlock(hcl, 'oci_core_instance_pool', 'web');
    expect(count(web, 'placement_configurations {')).toBe(1);
    expect(web).not.toContain('availability_domains[1]');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(pools('uk-london-1')))).toEqual([]);
  });
});
