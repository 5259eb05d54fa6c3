import { describe, expect, it } from 'vitest';
import { aref, armFn } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { arm, armAddresses, tf, tfAddresses } from '../testing/ir';
import { aksKubeletNoDataRoles, aksPrivateApi, gkeAuthorizedNetworks } from './kubernetes';

const AKS = 'Microsoft.ContainerService/managedClusters';

describe('azure-aks-private-api', () => {
  it('flags local accounts and a public API server without authorised ranges', () => {
    const open = tf('azurerm_kubernetes_cluster', 'aks', { workload_identity_enabled: true });
    expect(aksPrivateApi.terraform!([open]).map((h) => h.message)).toEqual([
      'local accounts are enabled (set local_account_disabled = true)',
      'the API server is public with no authorised IP ranges',
    ]);
  });

  it('passes a private cluster, or a public one limited to authorised ranges', () => {
    const priv = tf('azurerm_kubernetes_cluster', 'a', {
      local_account_disabled: true,
      private_cluster_enabled: true,
    });
    const ranges = tf('azurerm_kubernetes_cluster', 'b', {
      local_account_disabled: true,
      api_server_access_profile: block({ authorized_ip_ranges: ['198.51.100.0/24'] }),
    });
    expect(tfAddresses(aksPrivateApi, [priv, ranges])).toEqual([]);
  });

  it('reads the ARM model the same way', () => {
    const open = arm('aks', AKS, { properties: { enableRBAC: true } });
    const closed = arm('aks2', AKS, {
      properties: {
        disableLocalAccounts: true,
        apiServerAccessProfile: { enablePrivateCluster: true },
      },
    });
    expect(armAddresses(aksPrivateApi, [open, closed])).toEqual(['aks', 'aks']);
  });
});

describe('gcp-gke-private-endpoint', () => {
  it('flags a public endpoint with no authorised networks and public nodes', () => {
    const gke = tf('google_container_cluster', 'gke', {
      private_cluster_config: block({
        enable_private_nodes: false,
        enable_private_endpoint: false,
      }),
    });
    expect(gkeAuthorizedNetworks.terraform!([gke]).map((h) => h.message)).toEqual([
      'the endpoint is public and no master authorised networks are set',
      'nodes get public IP addresses (enable private nodes)',
    ]);
  });

  it('passes a private endpoint, or a public one with authorised networks', () => {
    const priv = tf('google_container_cluster', 'a', {
      private_cluster_config: block({ enable_private_nodes: true, enable_private_endpoint: true }),
      master_authorized_networks_config: block({}),
    });
    const listed = tf('google_container_cluster', 'b', {
      private_cluster_config: block({ enable_private_nodes: true, enable_private_endpoint: false }),
      master_authorized_networks_config: block({
        cidr_blocks: [block({ cidr_block: '198.51.100.0/24' })],
      }),
    });
    expect(tfAddresses(gkeAuthorizedNetworks, [priv, listed])).toEqual([]);
  });
});

describe('azure-aks-kubelet-no-data-roles', () => {
  const cluster = tf('azurerm_kubernetes_cluster', 'aks', { workload_identity_enabled: true });
  const kubelet = ref('azurerm_kubernetes_cluster.aks', 'kubelet_identity[0].object_id');

  it('flags a data role on the kubelet identity but not AcrPull', () => {
    const data = tf('azurerm_role_assignment', 'aks_vault_1', {
      role_definition_name: 'Key Vault Secrets User',
      principal_id: kubelet,
    });
    const pull = tf('azurerm_role_assignment', 'aks_acr_1', {
      role_definition_name: 'AcrPull',
      principal_id: kubelet,
    });
    expect(tfAddresses(aksKubeletNoDataRoles, [cluster, data, pull])).toEqual([
      'azurerm_role_assignment.aks_vault_1',
    ]);
  });

  it('passes data roles on a workload identity, and clusters without workload identity', () => {
    const workload = tf('azurerm_role_assignment', 'w', {
      role_definition_name: 'Key Vault Secrets User',
      principal_id: ref('azurerm_user_assigned_identity.aks_workload', 'principal_id'),
    });
    const legacy = tf('azurerm_kubernetes_cluster', 'old', {});
    const onLegacy = tf('azurerm_role_assignment', 'x', {
      role_definition_name: 'Key Vault Secrets User',
      principal_id: ref('azurerm_kubernetes_cluster.old', 'kubelet_identity[0].object_id'),
    });
    expect(tfAddresses(aksKubeletNoDataRoles, [cluster, workload, legacy, onLegacy])).toEqual([]);
  });

  it('reads ARM role assignments by their principal path and role id', () => {
    const c = arm('aks', AKS, {
      properties: { securityProfile: { workloadIdentity: { enabled: true } } },
    });
    const onKubelet = (symbol: string, roleId: string) =>
      arm(symbol, 'Microsoft.Authorization/roleAssignments', {
        properties: {
          roleDefinitionId: armFn('roleDefinitionId', roleId),
          principalId: aref('aks', 'properties.identityProfile.kubeletidentity.objectId'),
        },
      });
    expect(
      armAddresses(aksKubeletNoDataRoles, [
        c,
        onKubelet('data', '4633458b-17de-408a-b874-0445c86b69e6'),
        onKubelet('pull', '7f951dda-4ed3-4680-a7ca-43fe172d538d'),
      ]),
    ).toEqual(['data']);
  });
});
