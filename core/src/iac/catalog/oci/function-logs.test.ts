import { describe, expect, it } from 'vitest';
import { mainTf, outputBlock, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * What an OCI function writes to stdout and stderr is kept only when its application has a
 * Logging service log of category `invoke`: without one, nothing a function printed could be
 * read, failing invocations included.
 */
const fn = { id: 'fn', service: 'oci.function', name: 'api', group: 'sn-0' };

describe('oci: the invocation log of a function', () => {
  it('is a service log of its application, in a log group of its own when none is connected', () => {
    const hcl = mainTf(smallDesign({ cloud: 'oci', components: [fn] }));
    const log = resourceBlock(hcl, 'oci_logging_log', 'fn_invoke');
    expect(log).toContain('log_group_id       = oci_logging_log_group.fn_logs.id');
    expect(log).toContain('log_type           = "SERVICE"');
    expect(log).toContain('is_enabled         = true');
    expect(log).toMatch(
      /source \{\s+category\s+= "invoke"\s+resource\s+= oci_functions_application\.fn\.id\s+service\s+= "functions"\s+source_type = "OCISERVICE"/,
    );
    expect(resourceBlock(hcl, 'oci_logging_log_group', 'fn_logs')).toContain(
      'compartment_id = var.compartment_ocid',
    );
    expect(outputBlock(hcl, 'fn_invoke_log_id')).toContain('oci_logging_log.fn_invoke.id');
  });

  it('goes to the log group the function is connected to', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [fn, { id: 'logs', service: 'oci.log-group', name: 'app' }],
        connections: [{ from: 'fn', to: 'logs', type: 'data' }],
      }),
    );
    expect(resourceBlock(hcl, 'oci_logging_log', 'fn_invoke')).toContain(
      'log_group_id       = oci_logging_log_group.logs.id',
    );
    expect(hcl).not.toContain('resource "oci_logging_log_group" "fn_logs"');
  });

  it("keeps a group of its own when only the functions' dynamic group has one", () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [
          fn,
          { id: 'logs', service: 'oci.log-group', name: 'app' },
          {
            id: 'dg',
            service: 'oci.dynamic-group',
            name: 'functions',
            properties: { members: 'functions' },
          },
        ],
        connections: [{ from: 'dg', to: 'logs', type: 'data' }],
      }),
    );
    // Read back from the code, a log in the dynamic group's log group was a connection of the
    // function to it, which the design does not have.
    expect(resourceBlock(hcl, 'oci_logging_log', 'fn_invoke')).toContain(
      'log_group_id       = oci_logging_log_group.fn_logs.id',
    );
  });
});
