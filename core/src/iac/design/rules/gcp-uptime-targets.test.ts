import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/**
 * An uptime check connected to a VM or an instance group passed validation silently and probed
 * nothing of it (a host variable instead): the VMs have no external IP, and checkers come from
 * the internet.
 */
function uptimeWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'uptime',
    provider: 'gcp',
    region: 'europe-west1',
    groups: [
      { id: 'net', service: 'gcp.vpc', name: 'main' },
      { id: 'sn', service: 'gcp.subnet', name: 'apps', parent: 'net' },
    ],
    components,
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.startsWith('uptime check'))
    .map((i) => `${i.path} ${i.severity}: ${i.message}`);
}

const c = (id: string, service: string, group?: string) => ({
  id,
  service,
  name: id,
  ...(group ? { group } : {}),
});
const to = (from: string, target: string, type = 'traffic') => ({ from, to: target, type });

describe('rule gcp-uptime-targets', () => {
  it('says a check of a VM or an instance group cannot reach it, and what to connect instead', () => {
    expect(
      uptimeWarnings(
        [
          c('up', 'gcp.uptime-check'),
          c('vm', 'gcp.compute-instance', 'sn'),
          c('web', 'gcp.managed-instance-group', 'sn'),
        ],
        [to('up', 'vm'), to('up', 'web')],
      ),
    ).toEqual([
      'connections[0] warning: uptime check “up” cannot reach “vm” (Compute Engine instance): uptime checkers come from the internet, and its VMs have no external IP, so the check probes nothing of it and its alert never speaks for it; put an HTTP(S) load balancer in front of it and connect the check to the load balancer',
      'connections[1] warning: uptime check “up” cannot reach “web” (Managed instance group): uptime checkers come from the internet, and its VMs have no external IP, so the check probes nothing of it and its alert never speaks for it; put an HTTP(S) load balancer in front of it and connect the check to the load balancer',
    ]);
  });

  it('is satisfied by a check of the load balancer in front of them', () => {
    expect(
      uptimeWarnings(
        [
          c('up', 'gcp.uptime-check'),
          c('lb', 'gcp.http-load-balancer'),
          c('web', 'gcp.managed-instance-group', 'sn'),
        ],
        [to('up', 'lb'), to('lb', 'web')],
      ),
    ).toEqual([]);
  });
});
