import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Every OCI subnet keeps VCN flow logs, as GCP subnetworks do (gcp/flow-logs.test.ts). Before,
 * none did: after an incident nothing said which address reached a VM or database, and CIS OCI
 * Foundations Benchmark 3.x ("Ensure VCN flow logging is enabled for all subnets") failed each
 * subnet.
 */
describe('oci: subnets keep VCN flow logs', () => {
  const design = smallDesign({
    cloud: 'oci',
    components: [{ id: 'vm', service: 'oci.compute-instance', name: 'app', group: 'sn-0' }],
  });
  const hcl = mainTf(design);

  it('writes a flowlogs service log of category all on each subnet, in the VCN log group', () => {
    for (const local of ['sn_0', 'sn_1']) {
      const log = resourceBlock(hcl, 'oci_logging_log', `${local}_flows`);
      expect(log).toContain('log_group_id       = oci_logging_log_group.net_flows.id');
      expect(log).toContain('log_type           = "SERVICE"');
      expect(log).toContain('is_enabled         = true');
      expect(log).toMatch(
        new RegExp(
          `source \\{\\s+category\\s+= "all"\\s+resource\\s+= oci_core_subnet\\.${local}\\.id\\s+service\\s+= "flowlogs"\\s+source_type = "OCISERVICE"`,
        ),
      );
    }
    expect(resourceBlock(hcl, 'oci_logging_log_group', 'net_flows')).toContain(
      'compartment_id = var.compartment_ocid',
    );
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
