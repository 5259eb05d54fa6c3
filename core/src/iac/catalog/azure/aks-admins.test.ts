import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An AKS cluster has local accounts off and lets Azure RBAC decide what Entra principals may do
 * in Kubernetes, where Owner has no data actions: unless the code gives a group a Kubernetes
 * role, nobody can use kubectl. The admin group is a required input per environment.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [{ id: 'k8s', service: 'azure.aks', name: 'apps', group: 'sn-0' }],
});

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single', readme: true, ci: true });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

const ROLES = {
  'Azure Kubernetes Service RBAC Cluster Admin': 'b1ff04bb-8a4e-4dc4-8eb5-8693973ce19b',
  'Azure Kubernetes Service Cluster User Role': '4abbcc35-e782-43d8-92c5-2d3f1bd2253f',
};

type TArmResource = {
  type: string;
  scope?: string;
  name: string;
  properties: Record<string, unknown>;
};

describe('an AKS cluster with Entra ID sign-in only has administrators', () => {
  it('Terraform: the admin group input holds both roles on the cluster', () => {
    const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
    const cluster = resourceBlock(main, 'azurerm_kubernetes_cluster', 'k8s');
    expect(cluster).toMatch(/local_account_disabled\s+= true/);
    expect(cluster).toMatch(/azure_rbac_enabled = true/);
    const assignments = [...main.matchAll(/resource "azurerm_role_assignment" "(\w+)" \{/g)]
      .map((m) => resourceBlock(main, 'azurerm_role_assignment', m[1]!))
      .filter((b) => b.includes('scope                = azurerm_kubernetes_cluster.k8s.id'));
    expect(assignments.map((b) => /role_definition_name = "([^"]+)"/.exec(b)![1])).toEqual(
      Object.keys(ROLES),
    );
    for (const b of assignments) {
      expect(b).toMatch(/principal_id\s+= var\.k8s_admin_group_id\n/);
      expect(b).toMatch(/principal_type\s+= "Group"\n/);
    }
    // Required: no default, so a plan stops without it instead of granting nobody.
    const variable = /variable "k8s_admin_group_id" \{\n[\s\S]*?\n\}\n/.exec(main)![0];
    expect(variable).not.toContain('default');
    expect(variable).not.toContain('sensitive');
    expect(variable).toContain('condition     = can(regex("^[0-9a-fA-F]{8}-');
  });

  it('Terraform: each environment gives its own group (CI variable per environment)', () => {
    const workflow = file('terraform', '.github/workflows/terraform.yml');
    for (const env of ['DEV', 'PROD'])
      expect(workflow).toContain(
        `TF_VAR_k8s_admin_group_id: \${{ vars.K8S_ADMIN_GROUP_ID_${env} }}`,
      );
  });

  it('ARM: the same two roles at the cluster scope, for a parameter without a default', () => {
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as {
      parameters: Record<string, { type: string; defaultValue?: unknown }>;
      resources: TArmResource[];
    };
    expect(template.parameters['k8sAdminGroupId']).toEqual({
      type: 'securestring',
      metadata: { description: expect.stringContaining('Microsoft Entra group') },
    });
    const assignments = template.resources.filter(
      (r) =>
        r.type === 'Microsoft.Authorization/roleAssignments' &&
        r.scope?.startsWith("[resourceId('Microsoft.ContainerService/managedClusters'"),
    );
    expect(assignments.map((a) => a.properties)).toEqual(
      Object.values(ROLES).map((id) => ({
        roleDefinitionId: `[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${id}')]`,
        principalId: "[parameters('k8sAdminGroupId')]",
        principalType: 'Group',
      })),
    );
  });

  it('Bicep: the group comes from the environment of each deployment', () => {
    const main = file('bicep', 'main.bicep');
    expect(main).toMatch(/resource k8sClusterAdmin '[^']+' = \{\n {2}scope: k8s\n/);
    expect(main).toContain('principalId: k8sAdminGroupId');
    for (const env of ['dev', 'prod'])
      expect(file('bicep', `main.${env}.bicepparam`)).toContain(
        "param k8sAdminGroupId = readEnvironmentVariable('K8S_ADMIN_GROUP_ID')",
      );
  });

  it('every README says which group to give and how its members sign in', () => {
    for (const [format, input] of [
      ['terraform', 'TF_VAR_k8s_admin_group_id'],
      ['bicep', 'K8S_ADMIN_GROUP_ID'],
      ['arm', 'K8S_ADMIN_GROUP_ID'],
    ] as const) {
      const readme = file(format, 'README.md');
      expect(readme).toContain('## Cluster access');
      expect(readme).toContain(`- \`apps\`: \`${input}\``);
      expect(readme).toContain('kubelogin convert-kubeconfig -l azurecli');
      expect(readme).toContain('az aks command invoke');
    }
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map(generated);
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});
