import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { armToBicep } from '../arm/to-bicep';
import { bicepToArm } from './to-arm';
import { build } from './testing/build';

/** Bicep features past the basics (Key Vault secrets, functions, imports) → ARM and back. */
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
    expect(main)
      .toContain(`resource deploySQLKeyVault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
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

describe('user-defined functions', () => {
  it('become the __bicep namespace of functions, called as __bicep.name(), and decompile back to func', () => {
    const r = build(`@description('A resource name with its prefix.')
func prefixed(prefix string, name string) string => '\${prefix}-\${name}'
var appName = prefixed('app', 'web')
output plan string = prefixed('plan', appName)
`);
    expect(r.unconverted).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.t.functions).toEqual([
      {
        namespace: '__bicep',
        members: {
          prefixed: {
            parameters: [
              { type: 'string', name: 'prefix' },
              { type: 'string', name: 'name' },
            ],
            output: {
              type: 'string',
              value: "[format('{0}-{1}', parameters('prefix'), parameters('name'))]",
            },
            metadata: { description: 'A resource name with its prefix.' },
          },
        },
      },
    ]);
    expect(r.t.variables).toEqual({ appName: "[__bicep.prefixed('app', 'web')]" });
    const back = armToBicep(r.files).files[0]!.content;
    expect(back).toContain(`@description('A resource name with its prefix.')
func prefixed(prefix string, name string) string => '\${prefix}-\${name}'`);
    expect(back).toContain("var appName = prefixed('app', 'web')");
  });
});

describe('compile-time imports', () => {
  const shared = {
    path: 'shared.bicep',
    content: `@export()
var tags = { owner: 'infra' }
@export()
func short(s string) string => take(s, 5)
var internal = 'not exported'
`,
  };

  it('inlines exported variables and functions from a file of the upload, by alias and by namespace', () => {
    const r = build(
      `import { tags as commonTags, short } from 'shared.bicep'
import * as lib from 'shared.bicep'
output t object = commonTags
output s string = lib.short(short('abcdefgh'))
`,
      [shared],
    );
    expect(r.unconverted).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.t.variables).toEqual({ commonTags: { owner: 'infra' }, tags: { owner: 'infra' } });
    expect(Object.keys(r.t.functions![0]!.members)).toEqual(['short']);
    expect(r.t.outputs!['s']!['value']).toBe("[__bicep.short(__bicep.short('abcdefgh'))]");
  });

  it('lists an import whose file is not in the upload, or a name that is not exported, at its line', () => {
    const r = build(
      `param x string = 'a'
import { tags } from 'missing.bicep'
import { internal } from 'shared.bicep'
output t object = tags
`,
      [shared],
    );
    expect(r.unconverted.map((u) => [u.line, u.reason])).toEqual([
      [2, 'missing.bicep is not in the upload: add it to import from it'],
      [3, 'internal is not exported by shared.bicep (@export())'],
      [4, 'unknown symbol tags'],
    ]);
    expect(r.problems).toEqual([]);
  });
});

describe('getSecret() in a .bicepparam file', () => {
  it('becomes the parameters file Key Vault reference, and decompiles back to az.getSecret()', () => {
    const r = bicepToArm([
      { path: 'main.bicep', content: sql.content },
      {
        path: 'main.bicepparam',
        content: `using './main.bicep'
param adminLogin = 'sqladmin'
param adminPassword = az.getSecret('00000000-0000-0000-0000-000000000000', 'rg-secrets', 'kv-contoso', 'sqlAdminPassword')
`,
      },
    ]);
    expect(r.unconverted).toEqual([]);
    const params = r.files.find((f) => f.path === 'main.parameters.json')!;
    expect(
      checkArm(
        params.path,
        params.content,
        JSON.parse(r.files[0]!.content) as Record<string, unknown>,
      ),
    ).toEqual([]);
    expect((JSON.parse(params.content) as { parameters: unknown }).parameters).toEqual({
      adminLogin: { value: 'sqladmin' },
      adminPassword: {
        reference: {
          keyVault: {
            id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-secrets/providers/Microsoft.KeyVault/vaults/kv-contoso',
          },
          secretName: 'sqlAdminPassword',
        },
      },
    });
    const back = armToBicep(r.files).files.find((f) => f.path === 'main.bicepparam')!;
    expect(back.content).toContain(
      "param adminPassword = az.getSecret('00000000-0000-0000-0000-000000000000', 'rg-secrets', 'kv-contoso', 'sqlAdminPassword')",
    );
  });
});
