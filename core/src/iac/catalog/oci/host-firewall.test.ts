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
 * OCI platform images admit SSH only in their own firewall (firewalld on Oracle Linux, iptables
 * on Ubuntu): a VM's user data opens the ports its NSG admits, or the load balancer's health
 * checks never pass.
 */
const design = smallDesign({
  cloud: 'oci',
  groups: ociTiers(['edge', 'app']),
  components: [
    { id: 'lb', service: 'oci.load-balancer', name: 'lb', group: 'edge' },
    { id: 'admin', service: 'oci.load-balancer', name: 'admin', group: 'edge' },
    { id: 'web', service: 'oci.instance-pool', name: 'web', group: 'app' },
    {
      id: 'api',
      service: 'oci.compute-instance',
      name: 'api',
      group: 'app',
      properties: { os: 'ubuntu-24.04' },
    },
    { id: 'jump', service: 'oci.bastion', name: 'jump', group: 'app' },
  ],
  connections: [
    { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
    { from: 'admin', to: 'api', type: 'traffic' },
    { from: 'jump', to: 'api', type: 'traffic' },
  ],
});
const hcl = mainTf(design);

/** The cloud-init document of a resource's `user_data = base64encode("…")`. */
function cloudConfig(type: string, name: string): string {
  const literal = /user_data\s+= base64encode\(("(?:[^"\\]|\\.)*")\)/.exec(
    resourceBlock(hcl, type, name),
  )?.[1];
  if (!literal) throw new Error(`no user data on ${type}.${name}`);
  return JSON.parse(literal) as string;
}

describe('oci: the image firewall admits what the network security group admits', () => {
  it("opens the connection's port in firewalld on Oracle Linux, not the service's that no NSG admits", () => {
    expect(cloudConfig('oci_core_instance_configuration', 'web')).toBe(
      [
        '#cloud-config',
        'runcmd:',
        '  - firewall-cmd --permanent --add-port=8080/tcp',
        '  - firewall-cmd --reload',
        '',
      ].join('\n'),
    );
  });

  it('inserts iptables rules ahead of the image rejects on Ubuntu and saves them', () => {
    // The bastion's SSH needs no rule: the image admits port 22.
    expect(cloudConfig('oci_core_instance', 'api')).toBe(
      [
        '#cloud-config',
        'runcmd:',
        '  - iptables -I INPUT -p tcp --dport 80 -m conntrack --ctstate NEW -j ACCEPT',
        '  - netfilter-persistent save',
        '',
      ].join('\n'),
    );
  });

  it('keeps a running instance when its user data would change (OCI refuses the update)', () => {
    expect(resourceBlock(hcl, 'oci_core_instance', 'api')).toMatch(
      /lifecycle \{\n\s+ignore_changes = \[metadata\["user_data"\][,\]]/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/**
 * An NSG component admits its inbound ports to the instances placed in it; the image's firewall
 * opens them too, and the service's port only when nothing at all reaches the instance.
 */
describe('oci: the image firewall of an instance in a network security group', () => {
  const placed = smallDesign({
    cloud: 'oci',
    components: [
      {
        id: 'app-nsg',
        service: 'oci.network-security-group',
        name: 'app',
        properties: { ingressPorts: ['8443', '22'], ingressCidr: '10.20.0.0/24' },
      },
      { id: 'ops', service: 'oci.compute-instance', name: 'ops', group: 'sn-0' },
      { id: 'bare', service: 'oci.compute-instance', name: 'bare', group: 'sn-0' },
    ],
    connections: [{ from: 'ops', to: 'app-nsg', type: 'placement' }],
  });
  const placedHcl = mainTf(placed);
  const userData = (name: string) =>
    JSON.parse(
      /user_data\s+= base64encode\(("(?:[^"\\]|\\.)*")\)/.exec(
        resourceBlock(placedHcl, 'oci_core_instance', name),
      )?.[1] ?? '""',
    ) as string;

  it("opens the NSG's inbound ports (SSH the image admits already) and no other", () => {
    expect(userData('ops')).toBe(
      [
        '#cloud-config',
        'runcmd:',
        '  - firewall-cmd --permanent --add-port=8443/tcp',
        '  - firewall-cmd --reload',
        '',
      ].join('\n'),
    );
  });

  it("opens the service's port on an instance nothing reaches yet", () => {
    expect(userData('bare')).toContain('--add-port=80/tcp');
  });
});
