import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * DNS Private Resolver: an inbound endpoint in a delegated subnet of its own, always; the outbound
 * endpoint, its subnet, the forwarding ruleset, one rule per domain and the ruleset's VNet link
 * only when on-premises domains are given.
 */
const design = (properties: Record<string, unknown> = {}) =>
  smallDesign({
    cloud: 'azure',
    components: [
      {
        id: 'dns',
        service: 'azure.dns-resolver',
        name: 'hybrid',
        group: 'net',
        properties: { inboundSubnetCidr: '10.20.254.0/28', ...properties },
      },
    ],
  });
const FORWARDING = {
  outboundSubnetCidr: '10.20.254.16/28',
  onPremDomains: ['corp.example.com', 'lab.example.net'],
  onPremDnsServers: ['192.168.0.53', '192.168.0.54'],
};

function files(d: unknown, format: 'arm' | 'bicep') {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
}
type TArmResource = { type: string; name: string; properties?: Record<string, unknown> };
const armResources = (d: unknown): TArmResource[] =>
  (
    JSON.parse(files(d, 'arm').find((f) => f.path === 'azuredeploy.json')!.content) as {
      resources: TArmResource[];
    }
  ).resources;
const main = (d: unknown) => terraformFiles(d).find((f) => f.path === 'main.tf')!.content;
const OUTBOUND_TYPES = [
  'azurerm_private_dns_resolver_outbound_endpoint',
  'azurerm_private_dns_resolver_dns_forwarding_ruleset',
  'azurerm_private_dns_resolver_forwarding_rule',
  'azurerm_private_dns_resolver_virtual_network_link',
];

describe('Azure DNS Private Resolver', () => {
  it('Terraform: the inbound endpoint in a subnet delegated to Microsoft.Network/dnsResolvers, its IP an output', () => {
    const tf = terraformFiles(design());
    const hcl = tf.find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(hcl, 'azurerm_subnet', 'dns_in')).toContain(
      'address_prefixes     = ["10.20.254.0/28"]',
    );
    expect(resourceBlock(hcl, 'azurerm_subnet', 'dns_in')).toMatch(
      /service_delegation \{\n\s+name\s+= "Microsoft.Network\/dnsResolvers"/,
    );
    expect(resourceBlock(hcl, 'azurerm_private_dns_resolver_inbound_endpoint', 'dns')).toContain(
      'subnet_id                    = azurerm_subnet.dns_in.id',
    );
    const outputs = tf.map((f) => f.content).join('\n');
    expect(outputs).toContain(
      'azurerm_private_dns_resolver_inbound_endpoint.dns.ip_configurations[0].private_ip_address',
    );
    for (const type of OUTBOUND_TYPES) expect(hcl).not.toContain(`resource "${type}"`);
    expect(hcl).not.toContain('resource "azurerm_subnet" "dns_out"');
  });

  it('Terraform: with domains, the outbound endpoint, the ruleset linked to the VNet and a rule per domain', () => {
    const hcl = main(design(FORWARDING));
    for (const type of OUTBOUND_TYPES) expect(hcl).toContain(`resource "${type}"`);
    const rule = resourceBlock(
      hcl,
      'azurerm_private_dns_resolver_forwarding_rule',
      'dns_corp_example_com',
    );
    expect(rule).toContain('domain_name               = "corp.example.com."');
    expect(rule.match(/port\s+= 53/g)).toHaveLength(2);
    expect(rule).toContain('ip_address = "192.168.0.54"');
    expect(hcl).toContain(
      'resource "azurerm_private_dns_resolver_forwarding_rule" "dns_lab_example_net"',
    );
    expect(
      resourceBlock(hcl, 'azurerm_private_dns_resolver_virtual_network_link', 'dns'),
    ).toContain('virtual_network_id        = azurerm_virtual_network.net.id');
  });

  it('Bicep and ARM: the same resources at the stable API version, outbound only with domains', () => {
    const alone = armResources(design()).map((r) => r.type);
    expect(alone).toContain('Microsoft.Network/dnsResolvers/inboundEndpoints');
    expect(alone.filter((t) => t.startsWith('Microsoft.Network/dnsForwardingRulesets'))).toEqual(
      [],
    );
    const resources = armResources(design(FORWARDING));
    const rules = resources.filter(
      (r) => r.type === 'Microsoft.Network/dnsForwardingRulesets/forwardingRules',
    );
    expect(rules.map((r) => r.properties?.['domainName'])).toEqual([
      'corp.example.com.',
      'lab.example.net.',
    ]);
    const subnets = resources.filter(
      (r) => r.type === 'Microsoft.Network/virtualNetworks/subnets' && r.name.includes('dnspr'),
    );
    expect(subnets.map((s) => JSON.stringify(s.properties?.['delegations']))).toEqual([
      expect.stringContaining('Microsoft.Network/dnsResolvers'),
      expect.stringContaining('Microsoft.Network/dnsResolvers'),
    ]);
    const bicep = files(design(FORWARDING), 'bicep').find((f) => f.path === 'main.bicep')!;
    expect(bicep.content).toContain("'Microsoft.Network/dnsResolvers@2025-05-01'");
    expect(bicep.content).toContain(
      'output dnsInboundIp string = dnsInbound.properties.ipConfigurations[0].privateIpAddress',
    );
  });

  it('checks against the provider schemas and ARM types, with and without domains', async () => {
    for (const d of [design(), design(FORWARDING)]) {
      const all = [...terraformFiles(d), ...files(d, 'arm'), ...files(d, 'bicep')];
      expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
    }
  });

  it('refuses endpoint subnets that are too small, outside the VNet or overlapping, and domains without servers', () => {
    const issues = (properties: Record<string, unknown>) => {
      const r = prepareDesign(design(properties));
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
    };
    expect(issues({})).toEqual([]);
    expect(issues(FORWARDING)).toEqual([]);
    expect(issues({ inboundSubnetCidr: '10.20.254.0/29' })).toEqual([
      expect.stringContaining("is /29; a DNS resolver endpoint's subnet is /28 to /24"),
    ]);
    expect(issues({ inboundSubnetCidr: '10.99.0.0/28' })).toEqual([
      expect.stringContaining('outside the VNet "net"'),
    ]);
    expect(issues({ inboundSubnetCidr: '10.20.1.0/28' })).toEqual([
      expect.stringContaining('overlaps subnet "sn-1"'),
    ]);
    expect(
      issues({ ...FORWARDING, outboundSubnetCidr: '10.20.254.0/28', onPremDnsServers: [] }),
    ).toEqual([
      expect.stringContaining('onPremDnsServers: give the IPv4 address'),
      expect.stringContaining('overlaps inboundSubnetCidr of "dns"'),
    ]);
    // The outbound subnet is not checked, nor created, without domains.
    expect(issues({ outboundSubnetCidr: '10.99.0.0/28' })).toEqual([]);
  });
});
