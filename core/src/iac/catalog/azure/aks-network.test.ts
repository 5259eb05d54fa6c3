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
  it('Terraform: Network Contributor on the VNet for the cluster identity', () => {
    const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
    const grant = resourceBlock(main, 'azurerm_role_assignment', 'k8s_network');
    expect(grant).toMatch(/scope\s+= azurerm_virtual_network\.net\.id\n/);
    expect(grant).toMatch(/role_definition_name = "Network Contributor"\n/);
    expect(grant).toMatch(
      /principal_id\s+= azurerm_kubernetes_cluster\.k8s\.identity\[0\]\.principal_id\n/,
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
    expect(JSON.stringify(grants[0]!.properties['principalId'])).toContain('identity.principalId');
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
