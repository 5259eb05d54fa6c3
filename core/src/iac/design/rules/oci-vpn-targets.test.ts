import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** A site-to-site VPN says which components on-premises reaches; else the validator asks. */
function warningsOf(connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'vpn',
    provider: 'oci',
    region: 'eu-frankfurt-1',
    groups: [
      { id: 'vcn', service: 'oci.vcn', name: 'main', properties: { cidr: '10.0.0.0/16' } },
      {
        id: 'app',
        service: 'oci.subnet',
        name: 'app',
        parent: 'vcn',
        properties: { cidr: '10.0.1.0/24' },
      },
    ],
    components: [
      { id: 'nat', service: 'oci.nat-gateway', name: 'main', group: 'vcn' },
      {
        id: 'office',
        service: 'oci.site-to-site-vpn',
        name: 'office',
        group: 'vcn',
        properties: { onPremCidr: '172.16.0.0/12' },
      },
      { id: 'db', service: 'oci.postgresql', name: 'db', group: 'app' },
    ],
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.severity === 'warning')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('oci-vpn-targets', () => {
  it('asks what on-premises reaches when the VPN is connected to nothing', () => {
    expect(warningsOf([])).toEqual([
      'components[1]: on-premises 172.16.0.0/12 is routed to this network through “office”, but nothing admits it: connect “office” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to 172.16.0.0/12',
    ]);
  });

  it('is satisfied by a traffic or data connection from the VPN', () => {
    expect(warningsOf([{ from: 'office', to: 'db', type: 'traffic', port: 5432 }])).toEqual([]);
    expect(warningsOf([{ from: 'office', to: 'db', type: 'data' }])).toEqual([]);
  });
});
