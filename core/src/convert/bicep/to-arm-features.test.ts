import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { armToBicep } from '../arm/to-bicep';
import type { TConvertFile } from '../types';
import { bicepToArm } from './to-arm';

/** Bicep features past the basics (Key Vault secrets, functions, imports) → ARM and back. */
type TTemplate = {
  functions?: { namespace: string; members: Record<string, Record<string, unknown>> }[];
  parameters?: Record<string, Record<string, unknown>>;
  variables?: Record<string, unknown>;
  resources: Record<string, unknown>[];
  outputs?: Record<string, Record<string, unknown>>;
};

function build(bicep: string, more: TConvertFile[] = []) {
  const r = bicepToArm([{ path: 'main.bicep', content: bicep }, ...more], 'main.bicep');
  const file = r.files[0]!;
  return {
    ...r,
    t: JSON.parse(file.content) as TTemplate,
    problems: checkArm(file.path, file.content),
  };
}

const sql = {
  path: 'sql.bicep',
  content: `param adminLogin string
@secure()
param adminPassword string
resource sqlServer 'Microsoft.Sql/servers@2023-08-01-preview' = {
  name: 'sql-\${uniqueString(resourceGroup().id)}'
  location: resourceGroup().location
  properties: { administratorLogin: adminLogin, administratorLoginPassword: adminPassword }
}
`,
};

describe('getSecret() on a Key Vault', () => {
  it("passes a module's secure parameter as an ARM Key Vault reference, and decompiles back to getSecret()", () => {
    const r = build(
      `param kvName string
param kvResourceGroup string
resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: kvName
  scope: resourceGroup(kvResourceGroup)
}
module sql './sql.bicep' = {
  name: 'deploySQL'
  params: {
    adminLogin: 'sqladmin'
    adminPassword: kv.getSecret('sqlAdminPassword')
  }
}
`,
      [sql],
    );
    expect(r.unconverted).toEqual([]);
    expect(r.problems).toEqual([]);
    const params = (r.t.resources[0]!['properties'] as Record<string, unknown>)['parameters'];
    expect(params).toEqual({
      adminLogin: { value: 'sqladmin' },
      adminPassword: {
        reference: {
          keyVault: {
            id: "[resourceId(parameters('kvResourceGroup'), 'Microsoft.KeyVault/vaults', parameters('kvName'))]",
          },
          secretName: 'sqlAdminPassword',
        },
      },
    });
    const back = armToBicep(r.files);
    expect(back.unconverted).toEqual([]);
    const main = back.files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).toContain(`resource deploySQLKeyVault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: kvName
  scope: resourceGroup(kvResourceGroup)
}`);
    expect(main).toContain("adminPassword: deploySQLKeyVault.getSecret('sqlAdminPassword')");
  });

  it('lists getSecret() used anywhere else, saying where it converts', () => {
    const r = build(`resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: 'kv'
}
output secret string = kv.getSecret('x')
`);
    expect(r.unconverted.map((u) => [u.line, u.reason])).toEqual([
      [
        4,
        "getSecret() is converted only as a module parameter's value (an ARM Key Vault reference)",
      ],
    ]);
  });
});

describe('registry modules', () => {
  it('are listed with how to make them convert', () => {
    const r = build(`module remote 'br/public:avm/res/storage/storage-account:0.9.0' = {
  name: 'remote'
}
`);
    expect(r.unconverted[0]!.reason).toMatch(
      /cannot be fetched offline: put the module's files in the upload .* relative path/,
    );
  });
});
