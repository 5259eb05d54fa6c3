import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** OCI output that applies, and keeps what its autoscaler did on the next apply. */
const design = (tags: Record<string, string>) =>
  smallDesign({
    cloud: 'oci',
    tags,
    components: [{ id: 'web', service: 'oci.instance-pool', name: 'web', group: 'sn-0' }],
  });

describe('oci: instance pools and tags', () => {
  it('leaves the pool size to its autoscaling configuration', async () => {
    const d = design({ owner: 'platform' });
    const hcl = mainTf(d);
    expect(hcl).toMatch(/resource "oci_autoscaling_auto_scaling_configuration" "web"/);
    expect(hcl).toMatch(
      /resource "oci_core_instance_pool" "web" \{[\s\S]*?lifecycle \{\n\s+ignore_changes = \[size\]\n\s+\}\n\}/,
    );
    expect(await checkOutput(terraformFiles(d))).toEqual([]);
  });

  it('writes free-form tag keys without spaces or periods', () => {
    const hcl = mainTf(design({ 'cost center': 'cc 1042', 'team.name': 'web' }));
    expect(hcl).toMatch(/cost_center\s+= "cc 1042"/);
    expect(hcl).toMatch(/team_name\s+= "web"/);
    expect(hcl).not.toMatch(/"cost center"|"team\.name"/);
  });

  it('refuses two tags that become the same key, naming the tag', () => {
    const r = generate(design({ 'cost center': 'a', cost_center: 'b' }), { format: 'terraform' });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(
        /tags "cost center" and "cost_center" both become "cost_center" on oci/,
      ),
    ]);
  });
});
