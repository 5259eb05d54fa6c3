import { describe, expect, it } from 'vitest';
import { mainTf, ociTiers, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * An HTTPS monitor reaches a load balancer by its IP address and completes TLS only with a Host
 * header naming the certificate's domain: the name a DNS zone gives the load balancer, else a
 * variable. Over HTTP it needs none.
 */
const design = (extra: Record<string, unknown>[], protocol = 'HTTPS', hosts: string[] = []) =>
  smallDesign({
    cloud: 'oci',
    groups: ociTiers(['edge', 'app']),
    components: [
      { id: 'lb', service: 'oci.load-balancer', name: 'web', group: 'edge' },
      { id: 'vm', service: 'oci.compute-instance', name: 'vm', group: 'app' },
      { id: 'uptime', service: 'oci.health-check', name: 'up', properties: { protocol, hosts } },
      ...extra,
    ],
    connections: [
      { from: 'uptime', to: 'lb', type: 'traffic' },
      { from: 'lb', to: 'vm', type: 'traffic' },
      ...(extra.length > 0 ? [{ from: 'dns', to: 'lb', type: 'traffic' }] : []),
    ],
  });
const monitor = (d: unknown) =>
  resourceBlock(mainTf(d), 'oci_health_checks_http_monitor', 'uptime');
const zone = { id: 'dns', service: 'oci.dns-zone', name: 'shop', properties: {} };

describe('oci: the Host header of an HTTPS health check', () => {
  it("names the load balancer's record in the design's zone", () => {
    expect(monitor(design([zone]))).toContain(
      'headers = {\n    Host = "web.${var.dns_domain}"\n  }',
    );
  });

  it('is a variable without a zone naming the load balancer', () => {
    expect(monitor(design([]))).toContain('Host = var.uptime_host');
    expect(mainTf(design([]))).toContain('variable "uptime_host" {');
  });

  it('is not written over HTTP, nor for listed host names it would be sent to', () => {
    expect(monitor(design([], 'HTTP'))).not.toContain('headers');
    expect(monitor(design([zone], 'HTTPS', ['status.example.com']))).not.toContain('headers');
  });
});
