import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, param, type TArmValue } from '../../ir/arm-ir';
import { ref, type TTfRef } from '../../ir/terraform-ir';

/** Shared pieces of the Azure services: resource group, location, subnets, NSGs. */
export const rgName = (): TTfRef => ref('azurerm_resource_group.main', 'name');
export const rgLocation = (): TTfRef => ref('azurerm_resource_group.main', 'location');
export const placed = () => ({ resource_group_name: rgName(), location: rgLocation() });

export const tfSubnetId = (ctx: TTfBuildContext, subnet: TNode): TTfRef =>
  ref(ctx.address(subnet, 'azurerm_subnet'), 'id');

/** ARM: every resource sits in the deployment's resource group at `location`. */
export const armLocation = (): TArmValue => param('location');

export const armSubnetId = (ctx: TArmBuildContext, subnet: TNode): TArmValue =>
  aref(ctx.symbol(subnet), 'id');

/** Kinds whose components need their subnet delegated to a service. */
export const SUBNET_DELEGATIONS: Readonly<Record<string, string>> = {
  postgresql: 'Microsoft.DBforPostgreSQL/flexibleServers',
};

export function delegationOf(
  ctx: TTfBuildContext | TArmBuildContext,
  subnet: TNode,
): string | undefined {
  for (const n of ctx.children(subnet)) {
    const d = SUBNET_DELEGATIONS[n.service.kind];
    if (d) return d;
  }
  return undefined;
}
