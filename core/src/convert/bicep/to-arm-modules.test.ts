import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { bicepToArm } from './to-arm';
import { build, storage, type TTemplate } from './testing/build';

/** Bicep loops, conditions, modules and parameter files → the ARM `bicep build` writes for them. */

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
