import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * An API deployment's requests, and what the gateway did with them (a token refused, a backend
 * that failed), are kept only in its access and execution service logs: without them a 401 or
 * a 502 left nothing to read.
 */
const api = { id: 'api', service: 'oci.api-gateway', name: 'public', group: 'sn-0' };
const source = (category: string) =>
  new RegExp(
    `source \\{\\s+category\\s+= "${category}"\\s+resource\\s+= oci_apigateway_deployment\\.api\\.id\\s+service\\s+= "apigateway"\\s+source_type = "OCISERVICE"`,
  );

describe('oci: the logs of an API gateway', () => {
  it("are its deployment's access and execution service logs, in a log group of its own when none is connected", () => {
    const hcl = mainTf(smallDesign({ cloud: 'oci', components: [api] }));
    for (const category of ['access', 'execution']) {
      const log = resourceBlock(hcl, 'oci_logging_log', `api_${category}`);
      expect(log).toContain('log_group_id       = oci_logging_log_group.api_logs.id');
      expect(log).toContain('log_type           = "SERVICE"');
      expect(log).toContain('is_enabled         = true');
      expect(log).toMatch(source(category));
    }
  });

  it('go to the log group the gateway is connected to', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [api, { id: 'logs', service: 'oci.log-group', name: 'edge' }],
        connections: [{ from: 'api', to: 'logs', type: 'data' }],
      }),
    );
    expect(resourceBlock(hcl, 'oci_logging_log', 'api_execution')).toContain(
      'log_group_id       = oci_logging_log_group.logs.id',
    );
    expect(hcl).not.toContain('resource "oci_logging_log_group" "api_logs"');
  });
});
