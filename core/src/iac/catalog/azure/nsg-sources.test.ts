import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An NSG with no source in the design admits its ports from what reaches its subnets: the
 * internet only where a public entry point delivers into them, else the entry point's own source.
 */
const NSG = { id: 'web-nsg', service: 'azure.network-security-group', name: 'web', group: 'net' };
const VM = { id: 'web', service: 'azure.linux-vm', name: 'web', group: 'sn-0' };
const ATTACHED = { from: 'sn-0', to: 'web-nsg', type: 'placement' };

const behindLb = (isPublic: boolean, nsg: Record<string, unknown> = NSG) =>
  smallDesign({
    cloud: 'azure',
    components: [
      nsg,
      VM,
      {
        id: 'lb',
        service: 'azure.load-balancer',
        name: 'web',
        group: 'sn-0',
        properties: { public: isPublic },
      },
    ],
    connections: [ATTACHED, { from: 'lb', to: 'web', type: 'traffic' }],
  });

const behindGateways = (count: number) =>
  smallDesign({
    cloud: 'azure',
    groups: [
      {
        id: 'net',
        service: 'azure.virtual-network',
        name: 'main',
        properties: { cidr: '10.20.0.0/16' },
      },
      ...[0, 1, 2].map((i) => ({
        id: `sn-${i}`,
        service: 'azure.subnet',
        name: `sn${i}`,
        parent: 'net',
        properties: { cidr: `10.20.${i}.0/24` },
      })),
    ],
    components: [
      NSG,
      { id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'sn-0' },
      ...Array.from({ length: count }, (_, i) => ({
        id: `agw-${i}`,
        service: 'azure.application-gateway',
        name: `edge${i}`,
        group: `sn-${i + 1}`,
      })),
    ],
    connections: [
      ATTACHED,
      ...Array.from({ length: count }, (_, i) => ({
        from: `agw-${i}`,
        to: 'web',
        type: 'traffic',
      })),
    ],
  });

const nsgBlock = (design: unknown) =>
  resourceBlock(
    terraformFiles(design).find((f) => f.path === 'main.tf')!.content,
    'azurerm_network_security_group',
    'web_nsg',
  );

function armRules(design: unknown): Record<string, unknown>[] {
  const r = generate(design, { format: 'arm' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const { resources } = JSON.parse(r.files.find((f) => f.path === 'azuredeploy.json')!.content) as {
    resources: {
      type: string;
      properties: { securityRules?: { properties: Record<string, unknown> }[] };
    }[];
  };
  const nsg = resources.find((x) => x.type === 'Microsoft.Network/networkSecurityGroups')!;
  return nsg.properties.securityRules!.map((rule) => rule.properties);
}

describe('NSG sources from what reaches the subnet', () => {
  it('an internal load balancer: the VNet, not the internet (Terraform and ARM)', () => {
    expect(nsgBlock(behindLb(false))).toMatch(/source_address_prefix\s+= "VirtualNetwork"\n/);
    expect(armRules(behindLb(false))).toEqual([
      expect.objectContaining({ sourceAddressPrefix: 'VirtualNetwork' }),
    ]);
  });

  it('a public load balancer passes the clients through: the internet', () => {
    expect(nsgBlock(behindLb(true))).toMatch(/source_address_prefix\s+= "Internet"\n/);
    expect(armRules(behindLb(true))).toEqual([
      expect.objectContaining({ sourceAddressPrefix: 'Internet' }),
    ]);
  });

  it("an Application Gateway in another subnet is a proxy: its subnet's prefix", () => {
    expect(nsgBlock(behindGateways(1))).toMatch(/source_address_prefix\s+= "10\.20\.1\.0\/24"\n/);
    expect(armRules(behindGateways(2))).toEqual([
      expect.objectContaining({ sourceAddressPrefixes: ['10.20.1.0/24', '10.20.2.0/24'] }),
    ]);
  });

  it("the design's own source wins", () => {
    const given = { ...NSG, properties: { ingressSource: '203.0.113.0/24' } };
    expect(nsgBlock(behindLb(true, given))).toMatch(
      /source_address_prefix\s+= "203\.0\.113\.0\/24"\n/,
    );
  });

  it('checks against the provider schemas and ARM types', async () => {
    const files = (design: unknown, tag: string) =>
      (['terraform', 'arm', 'bicep'] as const).flatMap((format) => {
        const r = generate(design, {
          format,
          layout: format === 'terraform' ? 'single' : undefined,
        });
        if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
        return r.files.map((f) => ({ ...f, path: `${tag}/${format}/${f.path}` }));
      });
    const all = [...files(behindLb(false), 'lb'), ...files(behindGateways(2), 'agw')];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
