import { defineService } from '../service';
import { cidrProp, enumProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, armSubnetsAfter, placed, rgName } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';

/** Azure site-to-site VPN: a VPN gateway, the on-premises site and their IPsec connection. */
const NETWORK_API = '2025-05-01';
/** Zone-redundant VPN gateway SKUs and the gateway generation each supports. */
const VPN_SKUS: Readonly<Record<string, string>> = {
  VpnGw1AZ: 'Generation1',
  VpnGw2AZ: 'Generation2',
  VpnGw3AZ: 'Generation2',
};
const ZONES = ['1', '2', '3'];

export const azureVpnGateway = defineService({
  id: 'azure.vpn-gateway',
  cloud: 'azure',
  kind: 'vpn-gateway',
  name: 'VPN gateway (site-to-site)',
  category: 'networking',
  description:
    'Route-based, zone-redundant VPN gateway in a GatewaySubnet of the VNet, a local network gateway for the on-premises site and an IPsec (IKEv2) connection with a shared key.',
  icon: 'azure-vpn-gateway',
  properties: [
    enumProp('sku', 'Gateway SKU', Object.keys(VPN_SKUS), 'VpnGw1AZ'),
    cidrProp('gatewaySubnetCidr', 'GatewaySubnet prefix (/27 or larger)', '10.0.255.0/27'),
    strProp('onPremAddress', 'On-premises public IP', '203.0.113.10'),
    cidrProp('onPremCidr', 'On-premises CIDR', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'vgw' },
  emits: {
    terraform: [
      'azurerm_subnet',
      'azurerm_public_ip',
      'azurerm_virtual_network_gateway',
      'azurerm_local_network_gateway',
      'azurerm_virtual_network_gateway_connection',
    ],
    arm: [
      { type: 'Microsoft.Network/virtualNetworks/subnets', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/virtualNetworkGateways', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/localNetworkGateways', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/connections', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const network = ctx.network()!;
    const subnet = ctx.resource('azurerm_subnet', `${local}_gateway`, {
      name: 'GatewaySubnet',
      resource_group_name: rgName(),
      virtual_network_name: ref(ctx.address(network, 'azurerm_virtual_network'), 'name'),
      address_prefixes: [ctx.prop('gatewaySubnetCidr')],
    });
    const pip = tfPublicIp(ctx, ZONES);
    const gateway = ctx.resource('azurerm_virtual_network_gateway', local, {
      name: ctx.name(),
      ...placed(),
      type: 'Vpn',
      vpn_type: 'RouteBased',
      sku: ctx.prop('sku'),
      generation: ctx.prop('sku', (v) => VPN_SKUS[String(v)] ?? 'Generation1', 'generation'),
      active_active: false,
      tags: ctx.tags(),
      ip_configuration: block({
        name: 'default',
        public_ip_address_id: ref(pip.address, 'id'),
        private_ip_address_allocation: 'Dynamic',
        subnet_id: ref(subnet.address, 'id'),
      }),
    });
    const site = ctx.resource('azurerm_local_network_gateway', local, {
      name: ctx.name('lgw'),
      ...placed(),
      gateway_address: ctx.prop('onPremAddress'),
      address_space: [ctx.prop('onPremCidr')],
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_virtual_network_gateway_connection', local, {
      name: ctx.name('con'),
      ...placed(),
      type: 'IPsec',
      connection_protocol: 'IKEv2',
      virtual_network_gateway_id: ref(gateway.address, 'id'),
      local_network_gateway_id: ref(site.address, 'id'),
      shared_key: ctx.variable({
        name: `${local}_shared_key`,
        type: 'string',
        description: `IPsec shared key of ${ctx.node.name} (set TF_VAR_${local}_shared_key).`,
        sensitive: true,
      }),
      tags: ctx.tags(),
    });
    ctx.output(
      'public_ip',
      `Public IP of VPN gateway ${ctx.node.name}`,
      ref(pip.address, 'ip_address'),
    );
  },
  arm: (ctx) => {
    const network = ctx.network()!;
    // Subnets of one VNet are deployed one after another: the GatewaySubnet comes last.
    const symbol = ctx.symbol(ctx.node, 'GatewaySubnet');
    const after = armSubnetsAfter(ctx, network, symbol);
    const subnet = ctx.resource({
      symbol,
      type: 'Microsoft.Network/virtualNetworks/subnets',
      apiVersion: NETWORK_API,
      parent: ctx.symbol(network),
      name: 'GatewaySubnet',
      ...(after.length > 0 ? { dependsOn: after } : {}),
      body: { properties: { addressPrefix: ctx.prop('gatewaySubnetCidr') } },
    });
    const pip = armPublicIp(ctx, ZONES);
    const gateway = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/virtualNetworkGateways',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          gatewayType: 'Vpn',
          vpnType: 'RouteBased',
          vpnGatewayGeneration: ctx.prop(
            'sku',
            (v) => VPN_SKUS[String(v)] ?? 'Generation1',
            'generation',
          ),
          sku: { name: ctx.prop('sku'), tier: ctx.prop('sku') },
          activeActive: false,
          enableBgp: false,
          ipConfigurations: [
            {
              name: 'default',
              properties: {
                privateIPAllocationMethod: 'Dynamic',
                subnet: { id: aref(subnet, 'id') },
                publicIPAddress: { id: aref(pip, 'id') },
              },
            },
          ],
        },
      },
    });
    const site = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Site'),
      type: 'Microsoft.Network/localNetworkGateways',
      apiVersion: NETWORK_API,
      name: ctx.name('lgw'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          gatewayIpAddress: ctx.prop('onPremAddress'),
          localNetworkAddressSpace: { addressPrefixes: [ctx.prop('onPremCidr')] },
        },
      },
    });
    const key = ctx.parameter({
      name: `${ctx.symbol(ctx.node)}SharedKey`,
      type: 'string',
      secure: true,
      description: `IPsec shared key of ${ctx.node.name}.`,
      envVar: `${ctx.node.local.toUpperCase()}_SHARED_KEY`,
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Connection'),
      type: 'Microsoft.Network/connections',
      apiVersion: NETWORK_API,
      name: ctx.name('con'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          connectionType: 'IPsec',
          connectionProtocol: 'IKEv2',
          virtualNetworkGateway1: { id: aref(gateway, 'id'), properties: {} },
          localNetworkGateway2: { id: aref(site, 'id'), properties: {} },
          sharedKey: key,
        },
      },
    });
    ctx.output(
      'publicIp',
      `Public IP of VPN gateway ${ctx.node.name}`,
      aref(pip, 'properties.ipAddress'),
    );
  },
});
