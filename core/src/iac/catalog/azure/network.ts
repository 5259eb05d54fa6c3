import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { serviceEndpointsOf } from './firewall';
import { cidrProp, listProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, delegationOf, fixedSubnetName, placed, rgName } from './shared';
import { nsgSources } from './nsg-sources';

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

export const azureNsg = defineService({
  id: 'azure.network-security-group',
  cloud: 'azure',
  kind: 'security-group',
  name: 'Network security group',
  category: 'networking',
  description:
    'Inbound rules for the subnets it is attached to (placement connection from a subnet), from the internet only where a public entry point delivers into them.',
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
    const ports = ctx.value<string[]>('ingressPorts');
    const sources = sourcesOf(ctx);
    ctx.resource('azurerm_network_security_group', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      tags: ctx.tags(),
      security_rule: ports.map((port, i) =>
        block({
          name: `allow-in-${port}`,
          priority: 100 + i * 10,
          direction: 'Inbound',
          access: 'Allow',
          protocol: 'Tcp',
          source_port_range: '*',
          destination_port_range: port,
          ...(sources.length === 1
            ? { source_address_prefix: sources[0]! }
            : { source_address_prefixes: sources }),
          destination_address_prefix: '*',
        }),
      ),
    });
  },
  arm: (ctx) => {
    const ports = ctx.value<string[]>('ingressPorts');
    const sources = sourcesOf(ctx);
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/networkSecurityGroups',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          securityRules: ports.map((port, i) => ({
            name: `allow-in-${port}`,
            properties: {
              priority: 100 + i * 10,
              direction: 'Inbound',
              access: 'Allow',
              protocol: 'Tcp',
              sourcePortRange: '*',
              destinationPortRange: port,
              ...(sources.length === 1
                ? { sourceAddressPrefix: sources[0]! }
                : { sourceAddressPrefixes: sources }),
              destinationAddressPrefix: '*',
            },
          })),
        },
      },
    });
  },
});
