import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * A VM and a container app connected to an Azure Files share were told its endpoint and name but
 * given no access: no role, no key, so every read and write was refused. Their identities now
 * hold Storage File Data Privileged Contributor on the share's account (the REST API's role for a
 * token), and the README says how the client libraries sign in and how an SMB mount does.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'orders', service: 'azure.linux-vm', name: 'orders', group: 'sn-0' },
    { id: 'api', service: 'azure.container-app', name: 'api' },
    { id: 'exports', service: 'azure.file-share', name: 'exports' },
  ],
  connections: [
    { from: 'orders', to: 'exports', type: 'data' },
    { from: 'api', to: 'exports', type: 'data' },
  ],
});

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

/** Storage File Data Privileged Contributor. */
const ROLE_ID = '69566ab7-960f-475b-8e7c-b3118f30c6bd';

describe("azure: a workload connected to a file share may use the share's files", () => {
  it('Terraform: each identity holds the REST data role on the storage account', () => {
    const main = file('terraform', 'main.tf');
    expect(resourceBlock(main, 'azurerm_role_assignment', 'orders_exports_1')).toMatch(
      /scope\s+= azurerm_storage_account\.exports\.id\n\s+role_definition_name = "Storage File Data Privileged Contributor"\n\s+principal_id\s+= azurerm_linux_virtual_machine\.orders\.identity\[0\]\.principal_id/,
    );
    expect(resourceBlock(main, 'azurerm_role_assignment', 'api_exports_1')).toContain(
      'role_definition_name = "Storage File Data Privileged Contributor"',
    );
  });

  it('ARM and Bicep: the same role on the same account', () => {
    type TResource = { type: string; scope?: string; properties: { roleDefinitionId?: string } };
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as { resources: TResource[] };
    const roles = template.resources.filter(
      (r) =>
        r.type === 'Microsoft.Authorization/roleAssignments' &&
        r.properties.roleDefinitionId?.includes(ROLE_ID),
    );
    expect(roles).toHaveLength(2);
    for (const role of roles) expect(role.scope).toContain("'Microsoft.Storage/storageAccounts'");
    const bicep = file('bicep', 'main.bicep');
    expect(bicep).toMatch(
      new RegExp(`scope: exports\\n\\s+name: guid\\(exports\\.id, orders\\.id, '${ROLE_ID}'\\)`),
    );
  });

  it('tells in the README how a client signs in, and that an SMB mount takes the key', () => {
    const readme = file('terraform', 'README.md');
    expect(readme).toContain('## Azure Files shares');
    expect(readme).toContain(
      '- `exports` (storage account `acmeshopdevstexports` in dev, `acmeshopprodstexports` in prod): `orders` (`EXPORTS_FILE_ENDPOINT`, `EXPORTS_SHARE`), `api` (`EXPORTS_FILE_ENDPOINT`, `EXPORTS_SHARE`)',
    );
    expect(readme).toContain('token_intent="backup"');
    expect(readme).toContain('az storage account keys list --account-name <account>');
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
