import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, armFn, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfBlock, type TTfRef } from '../../ir/terraform-ir';
import { ROLE_ASSIGNMENT_API } from './access';
import { armLocation, placed } from './shared';

/** Microsoft.ManagedIdentity API version, as for the cluster's workload identity. */
export const IDENTITY_API = '2023-01-31';

/**
 * An AKS cluster in the design's own VNet: its control-plane identity joins load balancers and
 * node NICs to its subnet, which needs Network Contributor there (the Azure CNI prerequisites,
 * learn.microsoft.com/azure/aks/configure-azure-cni#prerequisites). `az aks create` grants it with
 * the caller's rights; Terraform and ARM do not, so every Service of type LoadBalancer failed with
 * AuthorizationFailed. Granted before the cluster exists (below), on the VNet, as Microsoft's CLI examples do: the Bicep modules
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

/**
 * The control plane's identity, user-assigned and created before the cluster, so that its
 * Network Contributor grants exist when AKS validates them at creation: a system-assigned
 * identity exists only with the cluster, and its grants came too late (a NAT gateway's outbound
 * type failed to create). Microsoft's NAT gateway and custom VNet guides do the same.
 * learn.microsoft.com/azure/aks/nat-gateway, learn.microsoft.com/azure/aks/use-managed-identity
 */
export const CONTROL_PLANE_IDENTITY = ['control-plane', 'azure-identity'] as const;

function tfGrant(ctx: TTfBuildContext, principal: TTfRef, suffix: string, scope: string): string {
  return ctx.resource('azurerm_role_assignment', `${ctx.node.local}_${suffix}`, {
    scope: ref(scope, 'id'),
    role_definition_name: NETWORK_CONTRIBUTOR.name,
    principal_id: principal,
    principal_type: 'ServicePrincipal',
  }).address;
}

/** The identity, its grants on the VNet and the NAT gateway, and what the cluster waits for. */
export function tfAksNetworkAccess(
  ctx: TTfBuildContext,
  network: TNode,
  nat?: TNode,
): { identity: TTfBlock; dependsOn: string[] } {
  const id = ctx.resource('azurerm_user_assigned_identity', `${ctx.node.local}_control_plane`, {
    name: ctx.name(...CONTROL_PLANE_IDENTITY),
    ...placed(),
    tags: ctx.tags(),
  }).address;
  const principal = ref(id, 'principal_id');
  const dependsOn = [
    tfGrant(ctx, principal, 'network', ctx.address(network, 'azurerm_virtual_network')),
  ];
  if (nat) dependsOn.push(tfGrant(ctx, principal, 'nat', ctx.address(nat, 'azurerm_nat_gateway')));
  return { identity: block({ type: 'UserAssigned', identity_ids: [ref(id, 'id')] }), dependsOn };
}

function armGrant(ctx: TArmBuildContext, identity: string, suffix: string, scope: string): string {
  const cluster = ctx.symbol(ctx.node);
  return ctx.resource({
    symbol: `${cluster}${suffix}Access`,
    type: 'Microsoft.Authorization/roleAssignments',
    apiVersion: ROLE_ASSIGNMENT_API,
    scope,
    name: armFn('guid', aref(scope, 'id'), aref(identity, 'id'), NETWORK_CONTRIBUTOR.id),
    body: {
      properties: {
        roleDefinitionId: armFn('roleDefinitionId', NETWORK_CONTRIBUTOR.id),
        principalId: aref(identity, 'properties.principalId'),
        principalType: 'ServicePrincipal',
      },
    },
  });
}

export function armAksNetworkAccess(
  ctx: TArmBuildContext,
  network: TNode,
  nat?: TNode,
): { identity: TArmValue; dependsOn: string[] } {
  const id = ctx.resource({
    symbol: ctx.symbol(ctx.node, 'ControlPlane'),
    type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
    apiVersion: IDENTITY_API,
    name: ctx.name(...CONTROL_PLANE_IDENTITY),
    body: { location: armLocation(), tags: ctx.tags() },
  });
  const dependsOn = [armGrant(ctx, id, 'Network', ctx.symbol(network))];
  if (nat) dependsOn.push(armGrant(ctx, id, 'Nat', ctx.symbol(nat)));
  return {
    identity: {
      type: 'UserAssigned',
      userAssignedIdentities: { $: 'keyed', entries: [{ key: aref(id, 'id'), value: {} }] },
    },
    dependsOn,
  };
}
