import { describe, expect, it } from 'vitest';
import { build, storage } from './testing/build';

/** Bicep constructs → the ARM `bicep build` writes for them. */

describe('parameters', () => {
  it('turns decorators into allowedValues, limits, metadata and secure types', () => {
    const { t, problems } = build(`@description('Admin name')
@minLength(3)
@maxLength(20)
param admin string
@secure()
param password string
@secure()
param settings object = {}
@allowed([
  1
  2
])
param count int = 1
@minValue(0)
@maxValue(9)
@metadata({ owner: 'ops' })
param level int = 0
param tier 'basic' | 'premium' = 'basic'
param names string[] = []
`);
    expect(t.parameters).toEqual({
      admin: {
        type: 'string',
        minLength: 3,
        maxLength: 20,
        metadata: { description: 'Admin name' },
      },
      password: { type: 'securestring' },
      settings: { type: 'secureObject', defaultValue: {} },
      count: { type: 'int', defaultValue: 1, allowedValues: [1, 2] },
      level: { type: 'int', defaultValue: 0, minValue: 0, maxValue: 9, metadata: { owner: 'ops' } },
      tier: { type: 'string', defaultValue: 'basic', allowedValues: ['basic', 'premium'] },
      names: { type: 'array', defaultValue: [] },
    });
    expect(problems).toEqual([]);
  });

  it('writes defaults that are expressions as expressions, and escapes a literal starting with [', () => {
    const { t } = build(`param location string = resourceGroup().location
param raw string = '[not an expression]'
param name string = 'app-\${uniqueString(resourceGroup().id)}-{x}'
`);
    expect(t.parameters!['location']!['defaultValue']).toBe('[resourceGroup().location]');
    expect(t.parameters!['raw']!['defaultValue']).toBe('[[not an expression]');
    expect(t.parameters!['name']!['defaultValue']).toBe(
      "[format('app-{0}-{{x}}', uniqueString(resourceGroup().id))]",
    );
  });
});

describe('expressions', () => {
  it('maps operators, ternaries, coalescing, safe access and namespaced functions to ARM functions', () => {
    const { t, problems } = build(`param a int = 1
param b int = 2
param o object = {}
var v = {
  sum: a + b * 2
  cmp: a >= b && !(a == b) || a != 3
  tern: a < b ? 'x' : 'y'
  coalesce: o.?name ?? 'none'
  index: o[?'k']
  nonNull: o.name!
  ns: az.resourceGroup().location
  sys: sys.toLower('A')
  neg: -a
  caseless: 'a' =~ 'A'
  multi: '''
line one
it's raw \${x}
'''
}
`);
    expect(t.variables!['v']).toEqual({
      sum: "[add(parameters('a'), mul(parameters('b'), 2))]",
      cmp: "[or(and(greaterOrEquals(parameters('a'), parameters('b')), not(equals(parameters('a'), parameters('b')))), not(equals(parameters('a'), 3)))]",
      tern: "[if(less(parameters('a'), parameters('b')), 'x', 'y')]",
      coalesce: "[coalesce(tryGet(parameters('o'), 'name'), 'none')]",
      index: "[tryGet(parameters('o'), 'k')]",
      nonNull: "[parameters('o').name]",
      ns: '[resourceGroup().location]',
      sys: "[toLower('A')]",
      neg: "[sub(0, parameters('a'))]",
      caseless: "[equals(toLower('a'), toLower('A'))]",
      multi: "line one\nit's raw ${x}\n",
    });
    expect(problems).toEqual([]);
  });

  it('compiles lambdas to lambda() and lambdaVariables()', () => {
    const { t } = build(`param names array = []
var long = filter(names, n => length(n) > 3)
var pairs = map(names, (n, i) => '\${i}:\${n}')
`);
    expect(t.variables!['long']).toBe(
      "[filter(parameters('names'), lambda('n', greater(length(lambdaVariables('n')), 3)))]",
    );
    expect(t.variables!['pairs']).toBe(
      "[map(parameters('names'), lambda('n', 'i', format('{0}:{1}', lambdaVariables('i'), lambdaVariables('n'))))]",
    );
  });

  it('reads loadTextContent and loadJsonContent from the uploaded files', () => {
    const { t } = build(
      `var script = loadTextContent('scripts/init.sh')
var config = loadJsonContent('config.json')
`,
      [
        { path: 'scripts/init.sh', content: 'echo hi\n' },
        { path: 'config.json', content: '{"a": [1, "[x]"]}' },
      ],
    );
    expect(t.variables).toEqual({ script: 'echo hi\n', config: { a: [1, '[[x]'] } });
  });
});

describe('resources', () => {
  it('infers dependsOn from references and writes references as resourceId() and reference()', () => {
    const { t, problems } = build(`${storage}
resource plan 'Microsoft.Web/serverfarms@2022-03-01' = {
  name: 'plan'
  location: resourceGroup().location
  sku: { name: 'B1' }
}
resource site 'Microsoft.Web/sites@2022-03-01' = {
  name: 'site'
  location: resourceGroup().location
  properties: {
    serverFarmId: plan.id
    siteConfig: {
      appSettings: [
        { name: 'BLOB', value: sa.properties.primaryEndpoints.blob }
        { name: 'KEY', value: sa.listKeys().keys[0].value }
        { name: 'PLAN', value: plan.name }
        { name: 'LOC', value: sa.location }
      ]
    }
  }
}
`);
    const site = t.resources[2]!;
    const sa =
      "resourceId('Microsoft.Storage/storageAccounts', format('st{0}', uniqueString(resourceGroup().id)))";
    expect(site['dependsOn']).toEqual([
      "[resourceId('Microsoft.Web/serverfarms', 'plan')]",
      `[${sa}]`,
    ]);
    expect(JSON.stringify(site['properties'])).toContain(
      `"value":"[reference(${sa}, '2023-01-01').primaryEndpoints.blob]"`,
    );
    expect(JSON.stringify(site['properties'])).toContain(
      `"value":"[listKeys(${sa}, '2023-01-01').keys[0].value]"`,
    );
    expect(JSON.stringify(site['properties'])).toContain(`"value":"plan"`);
    expect(JSON.stringify(site['properties'])).toContain(
      `"value":"[reference(${sa}, '2023-01-01', 'full').location]"`,
    );
    expect(problems).toEqual([]);
  });

  it('names children after their parent and depends on it; existing resources are referenced, not deployed', () => {
    const { t, problems } = build(`param vnetName string
resource vnet 'Microsoft.Network/virtualNetworks@2023-04-01' existing = {
  name: vnetName
}
resource subnet 'Microsoft.Network/virtualNetworks/subnets@2023-04-01' = {
  parent: vnet
  name: 'apps'
  properties: { addressPrefix: '10.0.1.0/24' }
}
resource sa 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'stapp'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
  resource blob 'blobServices' = {
    name: 'default'
    resource container 'containers' = {
      name: 'data'
      properties: { publicAccess: 'None' }
    }
  }
}
output subnetId string = subnet.id
output containerId string = sa::blob::container.id
`);
    expect(t.resources.map((r) => [r['type'], r['name'], r['dependsOn']])).toEqual([
      [
        'Microsoft.Network/virtualNetworks/subnets',
        "[format('{0}/{1}', parameters('vnetName'), 'apps')]",
        undefined,
      ],
      ['Microsoft.Storage/storageAccounts', 'stapp', undefined],
      [
        'Microsoft.Storage/storageAccounts/blobServices',
        'stapp/default',
        ["[resourceId('Microsoft.Storage/storageAccounts', 'stapp')]"],
      ],
      [
        'Microsoft.Storage/storageAccounts/blobServices/containers',
        'stapp/default/data',
        ["[resourceId('Microsoft.Storage/storageAccounts/blobServices', 'stapp', 'default')]"],
      ],
    ]);
    expect(t.outputs!['containerId']!['value']).toBe(
      "[resourceId('Microsoft.Storage/storageAccounts/blobServices/containers', 'stapp', 'default', 'data')]",
    );
    expect(t.outputs!['subnetId']!['value']).toBe(
      "[resourceId('Microsoft.Network/virtualNetworks/subnets', parameters('vnetName'), 'apps')]",
    );
    expect(problems).toEqual([]);
  });

  it('writes an existing resource in another resource group with that group in its id', () => {
    const { t } = build(`resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: 'shared-kv'
  scope: resourceGroup('security-rg')
}
output kvId string = kv.id
output uri string = kv.properties.vaultUri
`);
    expect(t.resources).toEqual([]);
    expect(t.outputs!['kvId']!['value']).toBe(
      "[resourceId('security-rg', 'Microsoft.KeyVault/vaults', 'shared-kv')]",
    );
    expect(t.outputs!['uri']!['value']).toBe(
      "[reference(resourceId('security-rg', 'Microsoft.KeyVault/vaults', 'shared-kv'), '2023-07-01').vaultUri]",
    );
  });

  it('writes an extension resource with scope and its id with extensionResourceId()', () => {
    const { t, problems } = build(`${storage}
resource lock 'Microsoft.Authorization/locks@2020-05-01' = {
  name: 'no-delete'
  scope: sa
  properties: { level: 'CanNotDelete' }
}
output lockId string = lock.id
`);
    expect(t.resources[1]).toMatchObject({
      scope:
        "[format('Microsoft.Storage/storageAccounts/{0}', format('st{0}', uniqueString(resourceGroup().id)))]",
      dependsOn: [
        "[resourceId('Microsoft.Storage/storageAccounts', format('st{0}', uniqueString(resourceGroup().id)))]",
      ],
    });
    expect(t.outputs!['lockId']!['value']).toBe(
      "[extensionResourceId(resourceId('Microsoft.Storage/storageAccounts', format('st{0}', uniqueString(resourceGroup().id))), 'Microsoft.Authorization/locks', 'no-delete')]",
    );
    expect(problems).toEqual([]);
  });
});
