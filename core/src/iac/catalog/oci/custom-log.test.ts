import { describe, expect, it } from 'vitest';
import { mainTf, outputBlock, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * Code writes to OCI Logging with PutLogs, which takes a custom log's OCID: a log group holds one,
 * its workloads are told its OCID, and the principal granted `use log-content` has somewhere to
 * write (a connector reading the group archives it).
 */
const hcl = mainTf(
  smallDesign({
    cloud: 'oci',
    components: [
      { id: 'logs', service: 'oci.log-group', name: 'app' },
      { id: 'fn', service: 'oci.function', name: 'fn', group: 'sn-0' },
    ],
    connections: [{ from: 'fn', to: 'logs', type: 'data' }],
  }),
);

describe('oci: the custom log of a log group', () => {
  it('is a custom log in the group, enabled, with its OCID as an output', () => {
    const log = resourceBlock(hcl, 'oci_logging_log', 'logs');
    expect(log).toContain('log_group_id       = oci_logging_log_group.logs.id');
    expect(log).toContain('log_type           = "CUSTOM"');
    expect(log).toContain('is_enabled         = true');
    expect(outputBlock(hcl, 'logs_log_id')).toContain('value       = oci_logging_log.logs.id');
  });

  it('is named to the workloads that write to it', () => {
    expect(resourceBlock(hcl, 'oci_functions_function', 'fn')).toMatch(
      /LOGS_LOG_ID\s+= oci_logging_log\.logs\.id/,
    );
  });
});
