import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import {
  mainTf,
  ociTiers,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * A load balancer and a network load balancer whose targets serve on different ports, and one
 * whose targets share a port. The backend set's health check probed the first target's port for
 * every backend: the others, probed on a port they do not serve, were marked down and got no
 * traffic. Mixed ports are now probed each on its backend's own (port 0, OCI's traffic port).
 */
const design = smallDesign({
  cloud: 'oci',
  groups: ociTiers(['edge', 'app']),
  components: [
    { id: 'lb', service: 'oci.load-balancer', name: 'web', group: 'edge' },
    { id: 'nlb', service: 'oci.network-load-balancer', name: 'ingest', group: 'edge' },
    { id: 'same', service: 'oci.load-balancer', name: 'same', group: 'edge' },
    { id: 'api', service: 'oci.compute-instance', name: 'api', group: 'app' },
    { id: 'admin', service: 'oci.compute-instance', name: 'admin', group: 'app' },
    { id: 'pools', service: 'oci.load-balancer', name: 'pools', group: 'edge' },
    { id: 'shop', service: 'oci.instance-pool', name: 'shop', group: 'app' },
    { id: 'cart', service: 'oci.instance-pool', name: 'cart', group: 'app' },
  ],
  connections: [
    { from: 'lb', to: 'api', type: 'traffic', port: 8080 },
    { from: 'lb', to: 'admin', type: 'traffic', port: 9090 },
    { from: 'pools', to: 'shop', type: 'traffic', port: 8000 },
    { from: 'pools', to: 'cart', type: 'traffic', port: 8001 },
    { from: 'nlb', to: 'api', type: 'traffic', port: 8883 },
    { from: 'nlb', to: 'admin', type: 'traffic', port: 1883 },
    { from: 'same', to: 'api', type: 'traffic', port: 8080 },
    { from: 'same', to: 'admin', type: 'traffic', port: 8080 },
  ],
});
const hcl = mainTf(design);
const healthPort = (type: string, name: string) =>
  /health_checker \{[^}]*?port\s+= (\d+)/.exec(resourceBlock(hcl, type, name))?.[1];

describe("oci: a backend set health-checks each backend's own port", () => {
  it('load balancer: probes each backend on its traffic port when the ports differ', () => {
    expect(healthPort('oci_load_balancer_backend_set', 'lb')).toBe('0');
    expect(resourceBlock(hcl, 'oci_load_balancer_backend', 'lb_api')).toMatch(/port\s+= 8080/);
    expect(resourceBlock(hcl, 'oci_load_balancer_backend', 'lb_admin')).toMatch(/port\s+= 9090/);
  });

  it('load balancer: the same for instance pools, which register their instances', () => {
    expect(healthPort('oci_load_balancer_backend_set', 'pools')).toBe('0');
    expect(resourceBlock(hcl, 'oci_core_instance_pool', 'cart')).toMatch(
      /backend_set_name = oci_load_balancer_backend_set\.pools\.name\n\s+port\s+= 8001/,
    );
  });

  it('network load balancer: the same', () => {
    expect(healthPort('oci_network_load_balancer_backend_set', 'nlb')).toBe('0');
    expect(resourceBlock(hcl, 'oci_network_load_balancer_backend', 'nlb_admin')).toMatch(
      /port\s+= 1883/,
    );
  });

  it('names the port backends share', () => {
    expect(healthPort('oci_load_balancer_backend_set', 'same')).toBe('8080');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
