import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An AKS cluster in the design's VNet manages load balancers and node NICs in its subnet with its
 * own identity, which holds Network Contributor on the VNet (`az aks create` grants it; Terraform
 * and ARM must), or a LoadBalancer Service never gets its address.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [{ id: 'k8s', service: 'azure.aks', name: 'apps', group: 'sn-0' }],
});

function generated(format: 'terraform' | 'arm' | 'bicep', layout = 'single') {
  const r = generate(design, { format, layout });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}

type TArmResource = { type: string; scope?: string; properties: Record<string, unknown> };

describe("an AKS cluster's identity may manage its network", () => {
  it('Terraform: Network Contributor on the VNet for the control-plane identity', () => {
    const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
    const grant = resourceBlock(main, 'azurerm_role_assignment', 'k8s_network');
    expect(grant).toMatch(/scope\s+= azurerm_virtual_network\.net\.id\n/);
    expect(grant).toMatch(/role_definition_name = "Network Contributor"\n/);
    expect(grant).toMatch(
      /principal_id\s+= azurerm_user_assigned_identity\.k8s_control_plane\.principal_id\n/,
    );
  });

  it('ARM: the same grant, scoped to the VNet', () => {
    const template = JSON.parse(
      generated('arm').files.find((f) => f.path === 'azuredeploy.json')!.content,
    ) as { resources: TArmResource[] };
    const grants = template.resources.filter(
      (r) =>
        r.type === 'Microsoft.Authorization/roleAssignments' &&
        JSON.stringify(r.properties['roleDefinitionId']).includes(
          '4d97b98b-1d4f-4787-a291-c67834d212e7',
        ),
    );
    expect(grants).toHaveLength(1);
    expect(grants[0]!.scope).toMatch(/Microsoft\.Network\/virtualNetworks'/);
    expect(JSON.stringify(grants[0]!.properties['principalId'])).toMatch(
      /userAssignedIdentities.*aks-apps-control-plane.*principalId/,
    );
  });

  it('Bicep modules: the VNet comes into the cluster module by name only', () => {
    const module = generated('bicep', 'modules').files.find((f) =>
      f.content.includes("'Microsoft.ContainerService/managedClusters@"),
    )!.content;
    expect(module).toMatch(/resource net 'Microsoft\.Network\/virtualNetworks@[^']+' existing/);
    expect(module).toMatch(/\n {2}scope: net\n/);
    expect(module).not.toMatch(/param netId /);
  });

  it('checks against the provider schemas and ARM types, Bicep modules layout too', async () => {
    const all = [
      ...terraformFiles(design),
      ...generated('arm').files,
      ...generated('bicep').files,
      ...generated('bicep', 'modules').files.map((f) => ({ ...f, path: `modules/${f.path}` })),
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});

/**
 * A node subnet with the design's NAT gateway sends the cluster's egress through it: outbound
 * type userAssignedNATGateway, created once the subnet has the gateway, and the cluster identity
 * may join that gateway (it is not part of the VNet its other grant covers).
 */
const withNat = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'k8s', service: 'azure.aks', name: 'apps', group: 'sn-0' },
    { id: 'nat', service: 'azure.nat-gateway', name: 'egress', group: 'net' },
  ],
  connections: [{ from: 'sn-0', to: 'nat', type: 'traffic' }],
});

function armResources(input: unknown): TArmResource[] {
  const r = generate(input, { format: 'arm' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const file = r.files.find((f) => f.path === 'azuredeploy.json')!.content;
  return (JSON.parse(file) as { resources: TArmResource[] }).resources;
}

describe('an AKS cluster on a subnet with a NAT gateway', () => {
  it('Terraform: egress through the NAT gateway, after it is on the subnet', () => {
    const main = terraformFiles(withNat).find((f) => f.path === 'main.tf')!.content;
    const cluster = resourceBlock(main, 'azurerm_kubernetes_cluster', 'k8s');
    expect(cluster).toMatch(/outbound_type\s+= "userAssignedNATGateway"\n/);
    expect(cluster).toMatch(/depends_on = \[azurerm_subnet_nat_gateway_association\.nat_sn_0, /);
    const grant = resourceBlock(main, 'azurerm_role_assignment', 'k8s_nat');
    expect(grant).toMatch(/scope\s+= azurerm_nat_gateway\.nat\.id\n/);
    expect(grant).toMatch(/role_definition_name = "Network Contributor"\n/);
  });

  it('Terraform: no NAT gateway on the subnet, the load balancer keeps egress', () => {
    const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
    expect(resourceBlock(main, 'azurerm_kubernetes_cluster', 'k8s')).not.toContain('outbound_type');
    expect(main).not.toContain('"k8s_nat"');
  });

  it('ARM: networkProfile.outboundType and the grant on the NAT gateway', () => {
    const resources = armResources(withNat);
    const cluster = resources.find((r) => r.type === 'Microsoft.ContainerService/managedClusters')!;
    expect(cluster.properties['networkProfile']).toMatchObject({
      outboundType: 'userAssignedNATGateway',
    });
    const scopes = resources
      .filter((r) => r.type === 'Microsoft.Authorization/roleAssignments')
      .map((r) => r.scope ?? '');
    expect(scopes.filter((s) => s.includes("'Microsoft.Network/natGateways'"))).toHaveLength(1);
    expect(
      armResources(design).find((r) => r.type === 'Microsoft.ContainerService/managedClusters')!
        .properties['networkProfile'],
    ).not.toHaveProperty('outboundType');
  });

  it('checks against the provider schemas and ARM types, Bicep modules layout too', async () => {
    const gen = (format: 'arm' | 'bicep', layout = 'single') => {
      const r = generate(withNat, { format, layout });
      if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
      return r.files;
    };
    const all = [
      ...terraformFiles(withNat),
      ...terraformFiles(withNat, 'standard').map((f) => ({ ...f, path: `std/${f.path}` })),
      ...gen('arm'),
      ...gen('bicep'),
      ...gen('bicep', 'modules').map((f) => ({ ...f, path: `modules/${f.path}` })),
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
