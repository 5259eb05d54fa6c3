import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * OCI records the requests a load balancer served and its failures to reach a backend only in
 * service logs of categories access and error: without them nothing told who called a public
 * endpoint or why it answered 502.
 */
const lb = { id: 'lb', service: 'oci.load-balancer', name: 'web', group: 'sn-0' };
const vm = { id: 'vm', service: 'oci.compute-instance', name: 'app', group: 'sn-1' };
const toVm = { from: 'lb', to: 'vm', type: 'traffic', port: 8080 };
const source = (category: string) =>
  new RegExp(
    `source \\{\\s+category\\s+= "${category}"\\s+resource\\s+= oci_load_balancer_load_balancer\\.lb\\.id\\s+service\\s+= "loadbalancer"\\s+source_type = "OCISERVICE"`,
  );

describe('oci: the logs of a load balancer', () => {
  it('are its access and error service logs, in a log group of its own when none is connected', () => {
    const hcl = mainTf(smallDesign({ cloud: 'oci', components: [lb, vm], connections: [toVm] }));
    for (const category of ['access', 'error']) {
      const log = resourceBlock(hcl, 'oci_logging_log', `lb_${category}`);
      expect(log).toContain('log_group_id       = oci_logging_log_group.lb_logs.id');
      expect(log).toContain('log_type           = "SERVICE"');
      expect(log).toContain('is_enabled         = true');
      expect(log).toMatch(source(category));
    }
  });

  it('go to the log group the load balancer is connected to', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [lb, vm, { id: 'logs', service: 'oci.log-group', name: 'edge' }],
        connections: [toVm, { from: 'lb', to: 'logs', type: 'data' }],
      }),
    );
    expect(resourceBlock(hcl, 'oci_logging_log', 'lb_access')).toContain(
      'log_group_id       = oci_logging_log_group.logs.id',
    );
    expect(hcl).not.toContain('resource "oci_logging_log_group" "lb_logs"');
  });
});
