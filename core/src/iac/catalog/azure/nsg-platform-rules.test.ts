import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An NSG on the subnet of an Application Gateway v2 or an Azure Bastion carries the rules that
 * service requires: without them Azure refuses the deployment (or Bastion stops working).
 */
const design = (member: 'azure.application-gateway' | 'azure.bastion' | 'azure.linux-vm') =>
  smallDesign({
    cloud: 'azure',
    groups: [
      {
        id: 'net',
        service: 'azure.virtual-network',
        name: 'main',
        properties: { cidr: '10.20.0.0/16' },
      },
      {
        id: 'sn-0',
        service: 'azure.subnet',
        name: 'edge',
        parent: 'net',
        properties: { cidr: '10.20.0.0/24' },
      },
      {
        id: 'sn-1',
        service: 'azure.subnet',
        name: 'apps',
        parent: 'net',
        properties: { cidr: '10.20.1.0/24' },
      },
    ],
    components: [
      { id: 'nsg', service: 'azure.network-security-group', name: 'edge', group: 'net' },
      { id: 'member', service: member, name: 'edge', group: 'sn-0' },
      { id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'sn-1' },
    ],
    connections: [
      { from: 'sn-0', to: 'nsg', type: 'placement' },
      ...(member === 'azure.application-gateway'
        ? [{ from: 'member', to: 'web', type: 'traffic' }]
        : []),
    ],
  });

const nsgBlock = (d: unknown) =>
  resourceBlock(
    terraformFiles(d).find((f) => f.path === 'main.tf')!.content,
    'azurerm_network_security_group',
    'nsg',
  );

/** `name direction protocol source -> destination ports` of each ARM rule. */
function armRules(d: unknown): string[] {
  const r = generate(d, { format: 'arm' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const { resources } = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
    resources: {
      type: string;
      properties: { securityRules: { name: string; properties: Record<string, unknown> }[] };
    }[];
  };
  const nsg = resources.find((x) => x.type === 'Microsoft.Network/networkSecurityGroups')!;
  return nsg.properties.securityRules.map(({ name, properties: p }) =>
    [
      name,
      p['priority'],
      p['direction'],
      p['protocol'],
      `${String(p['sourceAddressPrefix'])} -> ${String(p['destinationAddressPrefix'])}`,
      typeof p['destinationPortRange'] === 'string'
        ? p['destinationPortRange']
        : (p['destinationPortRanges'] as string[]).join(','),
    ].join(' '),
  );
}

describe('NSG rules a service in its subnet requires', () => {
  it('Application Gateway v2: GatewayManager on 65200-65535, after the design’s ports', () => {
    expect(armRules(design('azure.application-gateway'))).toEqual([
      'allow-in-443 100 Inbound Tcp Internet -> * 443',
      'allow-gateway-manager-in 3000 Inbound Tcp GatewayManager -> * 65200-65535',
    ]);
    expect(nsgBlock(design('azure.application-gateway'))).toMatch(
      /name += "allow-gateway-manager-in"\n\s+priority += 3000\n[\s\S]*?destination_port_range += "65200-65535"\n\s+source_address_prefix += "GatewayManager"/,
    );
  });

  it('Azure Bastion: the eight rules of its documentation, inbound and outbound', () => {
    expect(armRules(design('azure.bastion'))).toEqual([
      'allow-in-443 100 Inbound Tcp VirtualNetwork -> * 443',
      'allow-https-in 3000 Inbound Tcp Internet -> * 443',
      'allow-bastion-manager-in 3010 Inbound Tcp GatewayManager -> * 443',
      'allow-load-balancer-in 3020 Inbound Tcp AzureLoadBalancer -> * 443',
      'allow-bastion-host-in 3030 Inbound * VirtualNetwork -> VirtualNetwork 8080,5701',
      'allow-ssh-rdp-out 3000 Outbound * * -> VirtualNetwork 22,3389',
      'allow-azure-cloud-out 3010 Outbound Tcp * -> AzureCloud 443',
      'allow-bastion-host-out 3020 Outbound * VirtualNetwork -> VirtualNetwork 8080,5701',
      'allow-session-info-out 3030 Outbound * * -> Internet 80',
    ]);
    expect(nsgBlock(design('azure.bastion'))).toContain(
      'destination_port_ranges    = ["8080", "5701"]',
    );
  });

  it('adds nothing for other members', () => {
    expect(armRules(design('azure.linux-vm'))).toEqual([
      'allow-in-443 100 Inbound Tcp VirtualNetwork -> * 443',
    ]);
  });

  it('checks against the provider schemas and ARM types', async () => {
    const files = (member: 'azure.application-gateway' | 'azure.bastion') =>
      (['terraform', 'arm', 'bicep'] as const).flatMap((format) => {
        const r = generate(design(member), {
          format,
          layout: format === 'terraform' ? 'single' : undefined,
        });
        if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
        return r.files.map((f) => ({ ...f, path: `${member}/${format}/${f.path}` }));
      });
    const all = [...files('azure.application-gateway'), ...files('azure.bastion')];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
