import { describe, expect, it } from 'vitest';
import { bicepToArm } from './to-arm';
import { build, storage } from './testing/build';
import { ConvertError, type TConvertFile } from '../types';

/** What Bicep → ARM leaves out: listed with its line and reason, the rest converted and valid. */

describe('what is not converted', () => {
  it('lists imports of files not in the upload, registry modules and unknown symbols with their lines, and converts the rest', () => {
    const r = build(`import { tags } from 'shared.bicep'

func prefixed(name string) string => 'app-\${name}'

module remote 'br/public:avm/res/storage/storage-account:0.9.0' = {
  name: 'remote'
}
var broken = missing.id
${storage}`);
    expect(r.unconverted.map((u) => [u.line, u.kind, u.name])).toEqual([
      [1, 'import', ''],
      [5, 'module', 'remote'],
      [8, 'var', 'broken'],
    ]);
    expect(r.unconverted[1]!.text).toContain("module remote 'br/public:avm");
    expect(r.unconverted[2]!.reason).toBe('unknown symbol missing');
    expect(r.t.resources).toHaveLength(1);
    expect(r.problems).toEqual([]);
  });

  it('leaves out what refers to a declaration that was not converted, so the template stays valid', () => {
    const r = build(`var broken = getSecret('x')
resource plan 'Microsoft.Web/serverfarms@2022-09-01' = {
  name: broken
  location: resourceGroup().location
}
resource other 'Microsoft.Web/serverfarms@2022-09-01' = {
  name: 'other'
  location: resourceGroup().location
  dependsOn: [plan]
}
`);
    expect(r.unconverted.map((u) => [u.line, u.name, u.reason])).toEqual([
      [1, 'broken', 'getSecret() has no ARM template equivalent'],
      [2, 'plan', 'getSecret() has no ARM template equivalent'],
      [6, 'other', 'getSecret() has no ARM template equivalent'],
    ]);
    expect(r.t.resources).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it('scopes an extension resource to one item of a resource loop', () => {
    const r = build(`param names array = ['a', 'b']
resource sa 'Microsoft.Storage/storageAccounts@2023-01-01' = [for n in names: {
  name: 'st\${n}'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}]
resource lock 'Microsoft.Authorization/locks@2020-05-01' = {
  name: 'no-delete'
  scope: sa[0]
  properties: { level: 'CanNotDelete' }
}
`);
    expect(r.t.resources[1]).toMatchObject({
      scope:
        "[format('Microsoft.Storage/storageAccounts/{0}', format('st{0}', parameters('names')[0]))]",
      dependsOn: [
        "[resourceId('Microsoft.Storage/storageAccounts', format('st{0}', parameters('names')[0]))]",
      ],
    });
    expect(r.problems).toEqual([]);
  });

  it('fails the whole file on a syntax error, naming the file and line', () => {
    const thrown = (files: TConvertFile[]) => {
      try {
        bicepToArm(files);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e = thrown([
      {
        path: 'infra/main.bicep',
        content: "param a string\n\nresource x 'T@1' = {\n  name: = 'x'\n}\n",
      },
    ]);
    expect(e).toBeInstanceOf(ConvertError);
    expect(e).toMatchObject({
      message: 'infra/main.bicep:4: Bicep syntax error near "="',
      file: 'infra/main.bicep',
      line: 4,
    });
    expect(thrown([{ path: 'main.bicep', content: 'var a = {\n' }])).toMatchObject({
      message: 'main.bicep:2: Bicep syntax error at the end',
    });
  });
});
