import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Every subnetwork records its flows (VPC Flow Logs). Before, none did: after an incident nothing
 * said which address reached a VM or database, and tfsec (google-compute-enable-vpc-flow-logs),
 * Checkov (CKV_GCP_26) and CIS GCP 3.8 failed each subnetwork.
 */
describe('gcp: subnetworks keep VPC Flow Logs', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [{ id: 'vm', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' }],
  });
  const hcl = mainTf(design);

  it('turns flow logs on in each subnetwork, at Google default sampling, with all metadata', () => {
    for (const local of ['sn_0', 'sn_1']) {
      const subnet = resourceBlock(hcl, 'google_compute_subnetwork', local);
      expect(subnet).toMatch(
        /log_config \{\s*aggregation_interval = "INTERVAL_5_SEC"\s*flow_sampling\s+= 0\.5\s*metadata\s+= "INCLUDE_ALL_METADATA"\s*\}/,
      );
    }
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
