import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed, tfSubnetId } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';

/** Azure NAT gateway: outbound internet for the subnets connected to it. */
const NETWORK_API = '2025-05-01';
/** Subnets served by a NAT gateway: those with a traffic connection to it (their outbound path). */
export function natSubnets(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  return ctx
    .incoming('traffic')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'subnet');
}

export const azureNatGateway = defineService({
  id: 'azure.nat-gateway',
  cloud: 'azure',
  kind: 'nat-gateway',
  name: 'NAT gateway',
  category: 'networking',
  description:
    'Outbound internet for the subnets connected to it (traffic connection from a subnet) through a Standard static public IP.',
  icon: 'azure-nat-gateway',
  properties: [numProp('idleTimeout', 'TCP idle timeout (minutes)', 4, 4, 120)],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'ng' },
  emits: {
    terraform: [
      'azurerm_public_ip',
      'azurerm_nat_gateway',
      'azurerm_nat_gateway_public_ip_association',
      'azurerm_subnet_nat_gateway_association',
    ],
    arm: [
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/natGateways', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const pip = tfPublicIp(ctx);
    const nat = ctx.resource('azurerm_nat_gateway', local, {
      name: ctx.name(),
      ...placed(),
      sku_name: 'Standard',
      idle_timeout_in_minutes: ctx.prop('idleTimeout'),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_nat_gateway_public_ip_association', local, {
      nat_gateway_id: ref(nat.address, 'id'),
      public_ip_address_id: ref(pip.address, 'id'),
    });
    for (const subnet of natSubnets(ctx)) {
      ctx.resource('azurerm_subnet_nat_gateway_association', `${local}_${subnet.local}`, {
        subnet_id: tfSubnetId(ctx, subnet),
        nat_gateway_id: ref(nat.address, 'id'),
      });
    }
    ctx.output('public_ip', `Outbound IP of ${ctx.node.name}`, ref(pip.address, 'ip_address'));
  },
  arm: (ctx) => {
    const pip = armPublicIp(ctx);
    // The subnets reference the NAT gateway in their own `natGateway` property (azure.subnet).
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/natGateways',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'Standard' },
        properties: {
          idleTimeoutInMinutes: ctx.prop('idleTimeout'),
          publicIpAddresses: [{ id: aref(pip, 'id') }],
        },
      },
    });
    ctx.output('publicIp', `Outbound IP of ${ctx.node.name}`, aref(pip, 'properties.ipAddress'));
  },
});
