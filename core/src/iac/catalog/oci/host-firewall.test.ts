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
  it('opens the service port and a connection port in firewalld on Oracle Linux', () => {
    expect(cloudConfig('oci_core_instance_configuration', 'web')).toBe(
      [
        '#cloud-config',
        'runcmd:',
        '  - firewall-cmd --permanent --add-port=80/tcp',
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
