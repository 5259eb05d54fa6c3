import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { serviceEndpointsOf } from './firewall';
import { cidrProp, listProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, delegationOf, fixedSubnetName, placed, rgName } from './shared';
import { nsgSources } from './nsg-sources';
import { platformRules } from './nsg-platform-rules';

/** Azure networking: virtual network, subnets, network security groups. */
const NETWORK_API = '2025-05-01';

export const azureVnet = defineService({
  id: 'azure.virtual-network',
  cloud: 'azure',
  kind: 'network',
  name: 'Virtual network',
  category: 'networking',
  description: 'Azure virtual network (VNet) with its address space.',
  icon: 'azure-vnet',
  properties: [cidrProp('cidr', 'Address space', '10.0.0.0/16')],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'vnet' },
  emits: {
    terraform: ['azurerm_virtual_network'],
    arm: [{ type: 'Microsoft.Network/virtualNetworks', apiVersion: NETWORK_API }],
  },
  terraform: (ctx) => {
    const vnet = ctx.resource('azurerm_virtual_network', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      address_space: [ctx.prop('cidr')],
      tags: ctx.tags(),
    });
    ctx.output('id', `Id of VNet ${ctx.node.name}`, ref(vnet.address, 'id'));
  },
  arm: (ctx) => {
    const symbol = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/virtualNetworks',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { addressSpace: { addressPrefixes: [ctx.prop('cidr')] } },
      },
    });
    ctx.output('id', `Id of VNet ${ctx.node.name}`, aref(symbol, 'id'));
  },
});

export const azureSubnet = defineService({
  id: 'azure.subnet',
  cloud: 'azure',
  kind: 'subnet',
  name: 'Subnet',
  category: 'networking',
  description: 'Subnet of a VNet; delegated automatically to services that need it.',
  icon: 'azure-subnet',
  properties: [cidrProp('cidr', 'Address prefix', '10.0.1.0/24')],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'snet' },
  emits: {
    terraform: ['azurerm_subnet', 'azurerm_subnet_network_security_group_association'],
    arm: [{ type: 'Microsoft.Network/virtualNetworks/subnets', apiVersion: NETWORK_API }],
  },
  terraform: (ctx) => {
    const network = ctx.network()!;
    const delegation = delegationOf(ctx, ctx.node);
    const endpoints = serviceEndpointsOf(ctx, ctx.node);
    const subnet = ctx.resource('azurerm_subnet', ctx.node.local, {
      name: fixedSubnetName(ctx, ctx.node) ?? ctx.name(),
      resource_group_name: rgName(),
      virtual_network_name: ref(ctx.address(network, 'azurerm_virtual_network'), 'name'),
      address_prefixes: [ctx.prop('cidr')],
      ...(endpoints.length > 0 ? { service_endpoints: endpoints } : {}),
      ...(delegation
        ? {
            delegation: block({
              name: 'delegation',
              service_delegation: block({
                name: delegation,
                actions: ['Microsoft.Network/virtualNetworks/subnets/join/action'],
              }),
            }),
          }
        : {}),
    });
    const nsg = ctx.outgoing('placement').find((e) => e.node.service.kind === 'security-group');
    if (nsg) {
      ctx.resource('azurerm_subnet_network_security_group_association', ctx.node.local, {
        subnet_id: ref(subnet.address, 'id'),
        network_security_group_id: ref(
          ctx.address(nsg.node, 'azurerm_network_security_group'),
          'id',
        ),
      });
    }
  },
  arm: (ctx) => {
    const network = ctx.network()!;
    const delegation = delegationOf(ctx, ctx.node);
    const nsg = ctx.outgoing('placement').find((e) => e.node.service.kind === 'security-group');
    const nat = ctx.outgoing('traffic').find((e) => e.node.service.kind === 'nat-gateway');
    const endpoints = serviceEndpointsOf(ctx, ctx.node);
    // Subnets of one VNet are deployed one after another: Azure rejects concurrent updates.
    const siblings = ctx.children(network).filter((n) => n.service.kind === 'subnet');
    const previous = siblings[siblings.indexOf(ctx.node) - 1];
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/virtualNetworks/subnets',
      apiVersion: NETWORK_API,
      parent: ctx.symbol(network),
      name: fixedSubnetName(ctx, ctx.node) ?? ctx.name(),
      ...(previous ? { dependsOn: [ctx.symbol(previous)] } : {}),
      body: {
        properties: {
          addressPrefix: ctx.prop('cidr'),
          ...(nsg ? { networkSecurityGroup: { id: aref(ctx.symbol(nsg.node), 'id') } } : {}),
          ...(nat ? { natGateway: { id: aref(ctx.symbol(nat.node), 'id') } } : {}),
          ...(endpoints.length > 0
            ? { serviceEndpoints: endpoints.map((service) => ({ service })) }
            : {}),
          ...(delegation
            ? { delegations: [{ name: 'delegation', properties: { serviceName: delegation } }] }
            : {}),
        },
      },
    });
  },
});

/** The design's source, else what reaches the NSG's subnets (nsg-sources.ts). */
const sourcesOf = (ctx: TTfBuildContext | TArmBuildContext): string[] => {
  const given = ctx.value('ingressSource');
  return given !== '' ? [given] : nsgSources(ctx);
};

/** An NSG's rules, written alike in Terraform and ARM. */
interface TNsgRule {
  readonly name: string;
  readonly priority: number;
  readonly direction: 'Inbound' | 'Outbound';
  readonly protocol: 'Tcp' | '*';
  readonly sources: readonly string[];
  readonly destination: string;
  readonly ports: readonly string[];
}

/**
 * The design's inbound TCP ports from its source (sourcesOf), then the rules the services in its
 * subnets require (nsg-platform-rules.ts).
 */
function nsgRules(ctx: TTfBuildContext | TArmBuildContext): TNsgRule[] {
  const sources = sourcesOf(ctx);
  return [
    ...ctx.value<string[]>('ingressPorts').map((port, i): TNsgRule => ({
      name: `allow-in-${port}`,
      priority: 100 + i * 10,
      direction: 'Inbound',
      protocol: 'Tcp',
      sources,
      destination: '*',
      ports: [port],
    })),
    ...platformRules(ctx).map((r) => ({ ...r, sources: [r.source] })),
  ];
}

export const azureNsg = defineService({
  id: 'azure.network-security-group',
  cloud: 'azure',
  kind: 'security-group',
  name: 'Network security group',
  category: 'networking',
  description:
    'Inbound rules for the subnets it is attached to (placement connection from a subnet), from the internet only where a public entry point delivers into them; with the rules an Application Gateway or Bastion in them requires.',
  icon: 'azure-nsg',
  properties: [
    listProp('ingressPorts', 'Inbound TCP ports', ['443']),
    strProp(
      'ingressSource',
      'Inbound source (CIDR or service tag; empty: from what reaches its subnets)',
      '',
    ),
  ],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'nsg' },
  emits: {
    terraform: ['azurerm_network_security_group'],
    arm: [{ type: 'Microsoft.Network/networkSecurityGroups', apiVersion: NETWORK_API }],
  },
  terraform: (ctx) => {
    ctx.resource('azurerm_network_security_group', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      tags: ctx.tags(),
      security_rule: nsgRules(ctx).map((r) =>
        block({
          name: r.name,
          priority: r.priority,
          direction: r.direction,
          access: 'Allow',
          protocol: r.protocol,
          source_port_range: '*',
          ...(r.ports.length === 1
            ? { destination_port_range: r.ports[0]! }
            : { destination_port_ranges: [...r.ports] }),
          ...(r.sources.length === 1
            ? { source_address_prefix: r.sources[0]! }
            : { source_address_prefixes: [...r.sources] }),
          destination_address_prefix: r.destination,
        }),
      ),
    });
  },
  arm: (ctx) => {
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/networkSecurityGroups',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          securityRules: nsgRules(ctx).map((r) => ({
            name: r.name,
            properties: {
              priority: r.priority,
              direction: r.direction,
              access: 'Allow',
              protocol: r.protocol,
              sourcePortRange: '*',
              ...(r.ports.length === 1
                ? { destinationPortRange: r.ports[0]! }
                : { destinationPortRanges: [...r.ports] }),
              ...(r.sources.length === 1
                ? { sourceAddressPrefix: r.sources[0]! }
                : { sourceAddressPrefixes: [...r.sources] }),
              destinationAddressPrefix: r.destination,
            },
          })),
        },
      },
    });
  },
});
