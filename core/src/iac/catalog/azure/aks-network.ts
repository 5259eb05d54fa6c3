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

export function tfAksNetworkAccess(ctx: TTfBuildContext, cluster: string, network: TNode): void {
  ctx.resource('azurerm_role_assignment', `${ctx.node.local}_network`, {
    scope: ref(ctx.address(network, 'azurerm_virtual_network'), 'id'),
    role_definition_name: NETWORK_CONTRIBUTOR.name,
    principal_id: ref(cluster, 'identity[0].principal_id'),
    principal_type: 'ServicePrincipal',
  });
}

export function armAksNetworkAccess(ctx: TArmBuildContext, cluster: string, network: TNode): void {
  const scope = ctx.symbol(network);
  ctx.resource({
    symbol: `${cluster}NetworkAccess`,
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
