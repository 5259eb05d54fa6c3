import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';

/**
 * Azure Bastion: SSH and RDP to the network's VMs from the portal or the Azure CLI, with no public
 * IP on the VMs. Azure wants it alone in a subnet named `AzureBastionSubnet` of /26 or larger
 * (learn.microsoft.com/azure/bastion/configuration-settings#subnet); the subnet builder uses
 * that name when a bastion sits in it.
 */
const NETWORK_API = '2025-05-01';

function checkSubnet(ctx: TTfBuildContext | TArmBuildContext): void {
  const subnet = ctx.subnets()[0]!;
  const prefix = Number(String(subnet.properties['cidr'] ?? '').split('/')[1]);
  if (!(prefix <= 26))
    throw new BuildError(
      `${ctx.node.name}: Azure Bastion needs a subnet of /26 or larger; ${subnet.name} is /${prefix}`,
    );
}

export const azureBastion = defineService({
  id: 'azure.bastion',
  cloud: 'azure',
  kind: 'bastion',
  name: 'Bastion',
  category: 'networking',
  description:
    'Azure Bastion: SSH and RDP to the virtual machines of the network without public IPs on them. It takes a subnet of its own (/26 or larger).',
  icon: 'azure-bastion',
  properties: [
    enumProp('sku', 'Tier', ['Basic', 'Standard'], 'Standard'),
    numProp('scaleUnits', 'Scale units (Standard)', 2, 2, 50),
    boolProp('tunneling', 'Native client (az network bastion ssh, Standard)', false),
  ],
  placement: 'subnet',
  needsOwnSubnet: true,
  naming: { rule: 'azure-generic', abbreviation: 'bas' },
  emits: {
    terraform: ['azurerm_bastion_host', 'azurerm_public_ip'],
    arm: [
      { type: 'Microsoft.Network/bastionHosts', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    checkSubnet(ctx);
    const local = ctx.node.local;
    const isStandard = ctx.value('sku') === 'Standard';
    const pip = tfPublicIp(ctx);
    ctx.resource('azurerm_bastion_host', local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      ...(isStandard
        ? { scale_units: ctx.prop('scaleUnits'), tunneling_enabled: ctx.prop('tunneling') }
        : {}),
      shareable_link_enabled: false,
      tags: ctx.tags(),
      ip_configuration: block({
        name: 'primary',
        subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        public_ip_address_id: ref(pip.address, 'id'),
      }),
    });
  },
  arm: (ctx) => {
    checkSubnet(ctx);
    const isStandard = ctx.value('sku') === 'Standard';
    const pip = armPublicIp(ctx);
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/bastionHosts',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: {
          ...(isStandard
            ? { scaleUnits: ctx.prop('scaleUnits'), enableTunneling: ctx.prop('tunneling') }
            : {}),
          enableShareableLink: false,
          ipConfigurations: [
            {
              name: 'primary',
              properties: {
                subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) },
                publicIPAddress: { id: aref(pip, 'id') },
              },
            },
          ],
        },
      },
    });
  },
});
