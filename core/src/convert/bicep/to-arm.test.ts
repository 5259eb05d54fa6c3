import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { ConvertError, type TConvertFile } from '../types';
import { bicepToArm } from './to-arm';

/** Bicep constructs → the ARM `bicep build` writes for them. */
type TTemplate = {
  $schema: string;
  parameters?: Record<string, Record<string, unknown>>;
  variables?: Record<string, unknown>;
  resources: Record<string, unknown>[];
  outputs?: Record<string, Record<string, unknown>>;
  metadata?: Record<string, unknown>;
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

const storage = `resource sa 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'st\${uniqueString(resourceGroup().id)}'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}
`;

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

describe('loops and conditions', () => {
  it('writes resource, property, variable and output loops as copy, and if as condition', () => {
    const { t, problems } = build(`param names array = ['a', 'b']
param deploy bool = true
var upper = [for n in names: toUpper(n)]
@batchSize(1)
resource accounts 'Microsoft.Storage/storageAccounts@2023-01-01' = [for (n, i) in names: if (deploy) {
  name: 'st\${n}\${i}'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}]
resource vnet 'Microsoft.Network/virtualNetworks@2023-04-01' = {
  name: 'vnet'
  location: resourceGroup().location
  properties: {
    addressSpace: { addressPrefixes: ['10.0.0.0/16'] }
    subnets: [for i in range(1, 2): {
      name: 'snet\${i}'
      properties: { addressPrefix: '10.0.\${i}.0/24' }
    }]
  }
  dependsOn: [accounts]
}
output ids array = [for (n, i) in names: accounts[i].id]
`);
    expect(t.variables).toEqual({
      copy: [
        {
          name: 'upper',
          count: "[length(parameters('names'))]",
          input: "[toUpper(parameters('names')[copyIndex('upper')])]",
        },
      ],
    });
    expect(t.resources[0]).toMatchObject({
      condition: "[parameters('deploy')]",
      copy: {
        name: 'accounts',
        count: "[length(parameters('names'))]",
        mode: 'serial',
        batchSize: 1,
      },
      name: "[format('st{0}{1}', parameters('names')[copyIndex()], copyIndex())]",
    });
    expect(t.resources[1]!['properties']).toMatchObject({
      copy: [
        {
          name: 'subnets',
          count: 2,
          input: {
            name: "[format('snet{0}', add(copyIndex('subnets'), 1))]",
            properties: {
              addressPrefix: "[format('10.0.{0}.0/24', add(copyIndex('subnets'), 1))]",
            },
          },
        },
      ],
    });
    expect(t.resources[1]!['dependsOn']).toEqual(['accounts']);
    expect(t.outputs!['ids']).toEqual({
      type: 'array',
      copy: {
        count: "[length(parameters('names'))]",
        input:
          "[resourceId('Microsoft.Storage/storageAccounts', format('st{0}{1}', parameters('names')[copyIndex()], copyIndex()))]",
      },
    });
    expect(problems).toEqual([]);
  });
});

describe('modules', () => {
  it('inlines the module template as an inner-scope nested deployment and reads its outputs', () => {
    const { t, problems } = build(
      `${storage}
module net 'modules/network.bicep' = {
  name: 'network'
  params: {
    prefix: 'app'
    storageId: sa.id
  }
}
output subnetId string = net.outputs.subnetId
`,
      [
        {
          path: 'modules/network.bicep',
          content: `param prefix string
param storageId string
resource vnet 'Microsoft.Network/virtualNetworks@2023-04-01' = {
  name: '\${prefix}-vnet'
  location: resourceGroup().location
  properties: { addressSpace: { addressPrefixes: ['10.0.0.0/16'] } }
}
output subnetId string = '\${vnet.id}/subnets/default'
`,
        },
      ],
    );
    const d = t.resources[1]!;
    expect(d).toMatchObject({
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: 'network',
      properties: {
        expressionEvaluationOptions: { scope: 'inner' },
        mode: 'Incremental',
        parameters: { prefix: { value: 'app' } },
      },
      dependsOn: [
        "[resourceId('Microsoft.Storage/storageAccounts', format('st{0}', uniqueString(resourceGroup().id)))]",
      ],
    });
    const inner = (d['properties'] as { template: TTemplate }).template;
    expect(inner.resources[0]!['name']).toBe("[format('{0}-vnet', parameters('prefix'))]");
    expect(t.outputs!['subnetId']!['value']).toBe(
      "[reference(resourceId('Microsoft.Resources/deployments', 'network'), '2022-09-01').outputs.subnetId.value]",
    );
    expect(problems).toEqual([]);
  });

  it('builds every entry file, each to its own template', () => {
    const r = bicepToArm([
      { path: 'a/main.bicep', content: storage },
      { path: 'b/app.bicep', content: 'param x string\n' },
    ]);
    expect(r.files.map((f) => f.path)).toEqual(['a/main.json', 'b/app.json']);
  });

  it('writes a subscription-scope template with the subscription schema', () => {
    const { t } = build(`targetScope = 'subscription'
resource rg 'Microsoft.Resources/resourceGroups@2022-09-01' = {
  name: 'rg-app'
  location: 'westeurope'
}
output rgId string = rg.id
`);
    expect(t.$schema).toBe(
      'https://schema.management.azure.com/schemas/2018-05-01/subscriptionDeploymentTemplate.json#',
    );
    expect(t.outputs!['rgId']!['value']).toBe(
      "[subscriptionResourceId('Microsoft.Resources/resourceGroups', 'rg-app')]",
    );
  });
});

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

  it('reports user-defined types as a warning and writes their parameters with the base type', () => {
    const r = build(`type sku = 'S1' | 'S2'
param size sku = 'S1'
`);
    expect(r.warnings.map((w) => w.line)).toEqual([1, 2]);
    expect(r.t.parameters!['size']).toEqual({
      type: 'string',
      defaultValue: 'S1',
      allowedValues: ['S1', 'S2'],
    });
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

describe('parameter files', () => {
  it('writes a .bicepparam as an ARM parameters file that fits the template', () => {
    const r = bicepToArm([
      {
        path: 'main.bicep',
        content: 'param name string\nparam sizes array = []\n@secure()\nparam key string\n',
      },
      {
        path: 'main.bicepparam',
        content:
          "using './main.bicep'\n\nparam name = 'web'\nparam sizes = [\n  1\n  2\n]\nparam key = readEnvironmentVariable('KEY')\n",
      },
    ]);
    expect(r.files.map((f) => f.path)).toEqual(['main.json', 'main.parameters.json']);
    const params = r.files[1]!;
    expect(JSON.parse(params.content)).toEqual({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
      contentVersion: '1.0.0.0',
      parameters: { name: { value: 'web' }, sizes: { value: [1, 2] } },
    });
    expect(r.unconverted.map((u) => [u.file, u.line, u.name])).toEqual([
      ['main.bicepparam', 8, 'key'],
    ]);
    const template = JSON.parse(r.files[0]!.content) as Record<string, unknown>;
    expect(checkArm(params.path, params.content, template)).toEqual([]);
  });
});
