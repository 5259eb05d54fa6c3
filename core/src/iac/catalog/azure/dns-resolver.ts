import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { cidrProp, listProp } from '../properties';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { armLocation, armSubnetsAfter, placed, rgName } from './shared';

/**
 * Azure DNS Private Resolver: an inbound endpoint (a private IP in a subnet of its own) that
 * on-premises DNS servers forward the private-link names to over the VPN, since Azure DNS
 * (168.63.129.16) answers only inside the VNet; with on-premises domains, an outbound endpoint
 * and a forwarding ruleset linked to the VNet send those names to the on-premises DNS servers.
 * Each endpoint takes a subnet delegated to Microsoft.Network/dnsResolvers, /28 to /24, with
 * nothing else in it (learn.microsoft.com/azure/dns/dns-private-resolver-overview#subnet-restrictions).
 */
const RESOLVER_API = '2025-05-01';
const NETWORK_API = '2025-05-01';
const DELEGATION = 'Microsoft.Network/dnsResolvers';
const DNS_PORT = 53;

/** `corp.example.com` → `corp-example-com`: a rule's name (letters, digits, hyphens). */
const ruleName = (domain: string) =>
  domain
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
/** The domain as Azure wants it in a rule: fully qualified, ending with a dot. */
const fqdn = (domain: string) => `${domain.replace(/\.$/, '')}.`;

/** On-premises domains to forward: the outbound half exists only when there are some. */
const domainsOf = (ctx: TTfBuildContext | TArmBuildContext) =>
  ctx.value<string[]>('onPremDomains').filter((d) => d.trim() !== '');

export const azureDnsResolver = defineService({
  id: 'azure.dns-resolver',
  cloud: 'azure',
  kind: 'dns-resolver',
  name: 'DNS Private Resolver',
  category: 'networking',
  description:
    'Azure DNS Private Resolver in the VNet: an inbound endpoint that on-premises DNS servers forward the private endpoint names to over the VPN; with on-premises domains, an outbound endpoint and a forwarding ruleset that send those names to the on-premises DNS servers. Each endpoint takes a delegated subnet of its own (/28 to /24).',
  icon: 'azure-dns-resolver',
  properties: [
    cidrProp('inboundSubnetCidr', 'Inbound endpoint subnet (/28 to /24)', '10.0.254.0/28'),
    cidrProp(
      'outboundSubnetCidr',
      'Outbound endpoint subnet (/28 to /24, with on-premises domains)',
      '10.0.254.16/28',
    ),
    listProp('onPremDomains', 'On-premises domains to forward (corp.example.com)', []),
    listProp('onPremDnsServers', 'On-premises DNS server IPs (port 53)', []),
  ],
  placement: 'network',
  naming: { rule: 'azure-dns-resolver', abbreviation: 'dnspr' },
  emits: {
    terraform: [
      'azurerm_private_dns_resolver',
      'azurerm_subnet',
      'azurerm_private_dns_resolver_inbound_endpoint',
      'azurerm_private_dns_resolver_outbound_endpoint',
      'azurerm_private_dns_resolver_dns_forwarding_ruleset',
      'azurerm_private_dns_resolver_forwarding_rule',
      'azurerm_private_dns_resolver_virtual_network_link',
    ],
    arm: [
      { type: 'Microsoft.Network/dnsResolvers', apiVersion: RESOLVER_API },
      { type: 'Microsoft.Network/virtualNetworks/subnets', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/dnsResolvers/inboundEndpoints', apiVersion: RESOLVER_API },
      { type: 'Microsoft.Network/dnsResolvers/outboundEndpoints', apiVersion: RESOLVER_API },
      { type: 'Microsoft.Network/dnsForwardingRulesets', apiVersion: RESOLVER_API },
      { type: 'Microsoft.Network/dnsForwardingRulesets/forwardingRules', apiVersion: RESOLVER_API },
      {
        type: 'Microsoft.Network/dnsForwardingRulesets/virtualNetworkLinks',
        apiVersion: RESOLVER_API,
      },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const network = ctx.network()!;
    const vnet = ctx.address(network, 'azurerm_virtual_network');
    const subnet = (suffix: string, cidr: TTfValue) =>
      ctx.resource('azurerm_subnet', `${local}_${suffix}`, {
        name: ctx.name(`${suffix}-snet`),
        resource_group_name: rgName(),
        virtual_network_name: ref(vnet, 'name'),
        address_prefixes: [cidr],
        delegation: block({
          name: 'Microsoft.Network.dnsResolvers',
          service_delegation: block({
            name: DELEGATION,
            actions: ['Microsoft.Network/virtualNetworks/subnets/join/action'],
          }),
        }),
      });
    const resolver = ctx.resource('azurerm_private_dns_resolver', local, {
      name: ctx.name(),
      ...placed(),
      virtual_network_id: ref(vnet, 'id'),
      tags: ctx.tags(),
    });
    const inSubnet = subnet('in', ctx.prop('inboundSubnetCidr'));
    const inbound = ctx.resource('azurerm_private_dns_resolver_inbound_endpoint', local, {
      name: ctx.name('in'),
      private_dns_resolver_id: ref(resolver.address, 'id'),
      location: ref(resolver.address, 'location'),
      tags: ctx.tags(),
      ip_configurations: block({
        private_ip_allocation_method: 'Dynamic',
        subnet_id: ref(inSubnet.address, 'id'),
      }),
    });
    ctx.output(
      'inbound_ip',
      `Inbound endpoint IP of DNS resolver ${ctx.node.name}: on-premises DNS forwards the private endpoint zones here`,
      ref(inbound.address, 'ip_configurations[0].private_ip_address'),
    );
    const domains = domainsOf(ctx);
    if (domains.length === 0) return;
    const outSubnet = subnet('out', ctx.prop('outboundSubnetCidr'));
    const outbound = ctx.resource('azurerm_private_dns_resolver_outbound_endpoint', local, {
      name: ctx.name('out'),
      private_dns_resolver_id: ref(resolver.address, 'id'),
      location: ref(resolver.address, 'location'),
      subnet_id: ref(outSubnet.address, 'id'),
      tags: ctx.tags(),
    });
    const ruleset = ctx.resource('azurerm_private_dns_resolver_dns_forwarding_ruleset', local, {
      name: ctx.name('frs'),
      ...placed(),
      private_dns_resolver_outbound_endpoint_ids: [ref(outbound.address, 'id')],
      tags: ctx.tags(),
    });
    const servers = ctx.value<string[]>('onPremDnsServers');
    for (const domain of domains) {
      const name = ruleName(domain);
      ctx.resource(
        'azurerm_private_dns_resolver_forwarding_rule',
        `${local}_${name.replace(/-/g, '_')}`,
        {
          // The domain first: the converter reads the list back from it, not from the name.
          domain_name: fqdn(domain),
          name,
          dns_forwarding_ruleset_id: ref(ruleset.address, 'id'),
          enabled: true,
          target_dns_servers: servers.map((ip) => block({ ip_address: ip, port: DNS_PORT })),
        },
      );
    }
    ctx.resource('azurerm_private_dns_resolver_virtual_network_link', local, {
      name: `${network.local}-link`,
      dns_forwarding_ruleset_id: ref(ruleset.address, 'id'),
      virtual_network_id: ref(vnet, 'id'),
    });
  },
  arm: (ctx) => {
    const network = ctx.network()!;
    const vnetId = aref(ctx.symbol(network), 'id');
    const subnet = (suffix: string, cidr: TArmValue) => {
      const symbol = ctx.symbol(ctx.node, `${suffix}Subnet`);
      const after = armSubnetsAfter(ctx, network, symbol);
      return ctx.resource({
        symbol,
        type: 'Microsoft.Network/virtualNetworks/subnets',
        apiVersion: NETWORK_API,
        parent: ctx.symbol(network),
        name: ctx.name(`${suffix.toLowerCase()}-snet`),
        ...(after.length > 0 ? { dependsOn: after } : {}),
        body: {
          properties: {
            addressPrefix: cidr,
            delegations: [
              { name: 'Microsoft.Network.dnsResolvers', properties: { serviceName: DELEGATION } },
            ],
          },
        },
      });
    };
    const resolver = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/dnsResolvers',
      apiVersion: RESOLVER_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { virtualNetwork: { id: vnetId } },
      },
    });
    const inSubnet = subnet('In', ctx.prop('inboundSubnetCidr'));
    const inbound = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Inbound'),
      type: 'Microsoft.Network/dnsResolvers/inboundEndpoints',
      apiVersion: RESOLVER_API,
      parent: resolver,
      name: ctx.name('in'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          ipConfigurations: [
            { privateIpAllocationMethod: 'Dynamic', subnet: { id: aref(inSubnet, 'id') } },
          ],
        },
      },
    });
    ctx.output(
      'inboundIp',
      `Inbound endpoint IP of DNS resolver ${ctx.node.name}: on-premises DNS forwards the private endpoint zones here`,
      aref(inbound, 'properties.ipConfigurations[0].privateIpAddress'),
    );
    const domains = domainsOf(ctx);
    if (domains.length === 0) return;
    const outSubnet = subnet('Out', ctx.prop('outboundSubnetCidr'));
    const outbound = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Outbound'),
      type: 'Microsoft.Network/dnsResolvers/outboundEndpoints',
      apiVersion: RESOLVER_API,
      parent: resolver,
      name: ctx.name('out'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { subnet: { id: aref(outSubnet, 'id') } },
      },
    });
    const ruleset = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Ruleset'),
      type: 'Microsoft.Network/dnsForwardingRulesets',
      apiVersion: RESOLVER_API,
      name: ctx.name('frs'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { dnsResolverOutboundEndpoints: [{ id: aref(outbound, 'id') }] },
      },
    });
    const servers = ctx.value<string[]>('onPremDnsServers');
    domains.forEach((domain, i) => {
      ctx.resource({
        symbol: ctx.symbol(ctx.node, `Rule${i + 1}`),
        type: 'Microsoft.Network/dnsForwardingRulesets/forwardingRules',
        apiVersion: RESOLVER_API,
        parent: ruleset,
        name: ruleName(domain),
        body: {
          properties: {
            domainName: fqdn(domain),
            forwardingRuleState: 'Enabled',
            targetDnsServers: servers.map((ip) => ({ ipAddress: ip, port: DNS_PORT })),
          },
        },
      });
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Link'),
      type: 'Microsoft.Network/dnsForwardingRulesets/virtualNetworkLinks',
      apiVersion: RESOLVER_API,
      parent: ruleset,
      name: `${network.local}-link`,
      body: { properties: { virtualNetwork: { id: vnetId } } },
    });
  },
});
