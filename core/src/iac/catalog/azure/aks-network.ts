import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, armFn } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { ROLE_ASSIGNMENT_API } from './access';

/**
 * An AKS cluster in the design's own VNet: its control-plane identity joins load balancers and
 * node NICs to its subnet, which needs Network Contributor there (the Azure CNI prerequisites,
 * learn.microsoft.com/azure/aks/configure-azure-cni#prerequisites). `az aks create` grants it with
 * the caller's rights; Terraform and ARM do not, so every Service of type LoadBalancer failed with
 * AuthorizationFailed. Granted on the VNet, as Microsoft's CLI examples do: the Bicep modules
 * layout names another module's resource by name alone, which a subnet (a child) cannot be when
 * the cluster also reads its id.
 */
const NETWORK_CONTRIBUTOR = {
  name: 'Network Contributor',
  id: '4d97b98b-1d4f-4787-a291-c67834d212e7',
} as const;

/**
 * The design's NAT gateway on the node subnet, if any. Egress then leaves through it (outbound
 * type `userAssignedNATGateway`, learn.microsoft.com/azure/aks/nat-gateway) instead of an outbound
 * public IP on the cluster's load balancer that nothing would use. A NAT gateway is a resource of
 * its own, outside the VNet: a subnet written with it needs `natGateways/join/action` on it, so
 * the cluster identity gets Network Contributor there too.
 */
export function aksNatGateway(
  ctx: TTfBuildContext | TArmBuildContext,
  subnet: TNode,
): TNode | undefined {
  return ctx
    .edgesOf(subnet, 'out', 'traffic')
    .map((e) => e.node)
    .find((n) => n.service.kind === 'nat-gateway');
}

export const NAT_OUTBOUND_TYPE = 'userAssignedNATGateway';

function tfGrant(ctx: TTfBuildContext, cluster: string, suffix: string, scope: string): void {
  ctx.resource('azurerm_role_assignment', `${ctx.node.local}_${suffix}`, {
    scope: ref(scope, 'id'),
    role_definition_name: NETWORK_CONTRIBUTOR.name,
    principal_id: ref(cluster, 'identity[0].principal_id'),
    principal_type: 'ServicePrincipal',
  });
}

export function tfAksNetworkAccess(
  ctx: TTfBuildContext,
  cluster: string,
  network: TNode,
  nat?: TNode,
): void {
  tfGrant(ctx, cluster, 'network', ctx.address(network, 'azurerm_virtual_network'));
  if (nat) tfGrant(ctx, cluster, 'nat', ctx.address(nat, 'azurerm_nat_gateway'));
}

function armGrant(ctx: TArmBuildContext, cluster: string, suffix: string, scope: string): void {
  ctx.resource({
    symbol: `${cluster}${suffix}Access`,
    type: 'Microsoft.Authorization/roleAssignments',
    apiVersion: ROLE_ASSIGNMENT_API,
    scope,
    name: armFn('guid', aref(scope, 'id'), aref(cluster, 'id'), NETWORK_CONTRIBUTOR.id),
    body: {
      properties: {
        roleDefinitionId: armFn('roleDefinitionId', NETWORK_CONTRIBUTOR.id),
        principalId: aref(cluster, 'identity.principalId'),
        principalType: 'ServicePrincipal',
      },
    },
  });
}

export function armAksNetworkAccess(
  ctx: TArmBuildContext,
  cluster: string,
  network: TNode,
  nat?: TNode,
): void {
  armGrant(ctx, cluster, 'Network', ctx.symbol(network));
  if (nat) armGrant(ctx, cluster, 'Nat', ctx.symbol(nat));
}
