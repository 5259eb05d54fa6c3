import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * AKS checks at creation that its control-plane identity may join the NAT gateway of outbound
 * type userAssignedNATGateway. A system-assigned identity exists only with the cluster, so its
 * grants came after it and the creation failed; a user-assigned identity is created and granted
 * first, and the cluster waits for the grants.
 */
const withNat = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'k8s', service: 'azure.aks', name: 'apps', group: 'sn-0' },
    { id: 'nat', service: 'azure.nat-gateway', name: 'egress', group: 'net' },
  ],
  connections: [{ from: 'sn-0', to: 'nat', type: 'traffic' }],
});

function file(format: 'arm' | 'bicep', path: string): string {
  const r = generate(withNat, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.find((f) => f.path === path)!.content;
}

describe('an AKS cluster with a NAT gateway has its grants before it is created', () => {
  it('Terraform: a user-assigned control-plane identity, granted, then the cluster', () => {
    const main = terraformFiles(withNat).find((f) => f.path === 'main.tf')!.content;
    const cluster = resourceBlock(main, 'azurerm_kubernetes_cluster', 'k8s');
    expect(cluster).toMatch(
      /identity \{\s+type\s+= "UserAssigned"\s+identity_ids = \[azurerm_user_assigned_identity\.k8s_control_plane\.id\]/,
    );
    expect(cluster).toContain(
      'depends_on = [azurerm_subnet_nat_gateway_association.nat_sn_0, azurerm_role_assignment.k8s_network, azurerm_role_assignment.k8s_nat]',
    );
    expect(resourceBlock(main, 'azurerm_role_assignment', 'k8s_nat')).toContain(
      'principal_id         = azurerm_user_assigned_identity.k8s_control_plane.principal_id',
    );
    expect(main).not.toContain('azurerm_kubernetes_cluster.k8s.identity[0].principal_id');
  });

  it('Bicep: the same identity, and the cluster depends on both grants', () => {
    const main = file('bicep', 'main.bicep');
    const cluster = main.slice(main.indexOf("resource k8s 'Microsoft.ContainerService"));
    expect(cluster).toMatch(/userAssignedIdentities: \{\s+'\$\{k8sControlPlane\.id\}': \{\}/);
    expect(cluster).toMatch(/dependsOn: \[\s+k8sNetworkAccess\s+k8sNatAccess\s+\]/);
    expect(main).toMatch(
      /resource k8sNatAccess [^]*?principalId: k8sControlPlane\.properties\.principalId/,
    );
  });

  it('ARM: the same identity, and the cluster depends on both grants', () => {
    type TRes = { type: string; identity?: { type: string }; dependsOn?: string[] };
    const resources = (JSON.parse(file('arm', 'azuredeploy.json')) as { resources: TRes[] })
      .resources;
    const cluster = resources.find((r) => r.type === 'Microsoft.ContainerService/managedClusters')!;
    expect(cluster.identity?.type).toBe('UserAssigned');
    const grants = (cluster.dependsOn ?? []).filter((d) =>
      d.includes("'Microsoft.Authorization/roleAssignments'"),
    );
    expect(grants).toHaveLength(2);
    expect(grants.find((d) => d.includes("'Microsoft.Network/natGateways'"))).toContain(
      'aks-apps-control-plane',
    );
  });
});
