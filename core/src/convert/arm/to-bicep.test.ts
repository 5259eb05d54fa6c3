import { describe, expect, it } from 'vitest';
import { ConvertError } from '../types';
import { parseArmExpression, printArm } from './expr';
import { armToBicep } from './to-bicep';

/** ARM JSON → Bicep, as `bicep decompile` writes it. */
const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

function decompile(t: Record<string, unknown>) {
  const content = JSON.stringify({ $schema: SCHEMA, contentVersion: '1.0.0.0', ...t }, null, 2);
  const r = armToBicep([{ path: 'azuredeploy.json', content }]);
  return { ...r, bicep: r.files[0]!.content };
}

/** One expression, as the value of a variable. */
function expr(e: string, more: Record<string, unknown> = {}): string {
  const { bicep, unconverted } = decompile({
    parameters: { name: { type: 'string' }, n: { type: 'int' }, flag: { type: 'bool' } },
    variables: { v: e },
    ...more,
  });
  expect(unconverted).toEqual([]);
  return /^var v = (.*)$/m.exec(bicep)![1]!;
}

describe('the ARM expression parser', () => {
  it('reads strings with doubled quotes, numbers, calls, properties and indexes', () => {
    const n = parseArmExpression(
      " concat('it''s', parameters('a')[0].b, -1, reference('x').c['d'])",
    );
    expect(printArm(n)).toBe("concat('it''s', parameters('a')[0].b, -1, reference('x').c['d'])");
  });

  it('rejects what is not an expression', () => {
    expect(() => parseArmExpression("concat('a'")).toThrow(/expected , or \)/);
    expect(() => parseArmExpression('parameters')).toThrow(/expected \(/);
  });
});

describe('expressions', () => {
  it('writes parameters and variables as symbols, and interpolates concat and format', () => {
    expect(expr("[concat('vm-', parameters('name'), '-', string(parameters('n')))]")).toBe(
      "'vm-${name}-${string(n)}'",
    );
    expect(expr("[format('{0}/{{literal}}/{1}', parameters('name'), parameters('n'))]")).toBe(
      "'${name}/{literal}/${n}'",
    );
    expect(expr('[concat(createArray(1), createArray(2))]')).toBe('concat([1], [2])');
    expect(expr("[format('{0:N2}', parameters('n'))]")).toBe("format('{0:N2}', n)");
  });

  it('writes comparison and logic functions as operators, with parentheses where needed', () => {
    expect(expr("[if(and(equals(parameters('n'), 1), not(parameters('flag'))), 'a', 'b')]")).toBe(
      "n == 1 && !flag ? 'a' : 'b'",
    );
    expect(expr("[not(equals(parameters('name'), ''))]")).toBe("name != ''");
    expect(expr("[mul(add(parameters('n'), 1), 2)]")).toBe('(n + 1) * 2');
    expect(expr("[sub(parameters('n'), sub(1, 2))]")).toBe('n - (1 - 2)');
    expect(expr("[or(less(parameters('n'), 1), greaterOrEquals(parameters('n'), 5))]")).toBe(
      'n < 1 || n >= 5',
    );
    expect(expr("[coalesce(parameters('name'), 'x')]")).toBe("name ?? 'x'");
  });

  it('writes object, array, literal functions and Bicep spelling of function names', () => {
    expect(expr("[createObject('a', 1, 'b-c', createArray(true(), null()))]")).toBe(
      "{ a: 1, 'b-c': [true, null] }",
    );
    expect(expr('[toupper(uniquestring(resourcegroup().id))]')).toBe(
      'toUpper(uniqueString(resourceGroup().id))',
    );
    expect(
      expr("[filter(parameters('name'), lambda('x', equals(lambdaVariables('x'), 'a')))]"),
    ).toBe("filter(name, x => x == 'a')");
  });

  it('escapes Bicep string syntax in literals', () => {
    expect(expr("[concat('it''s ${not} \\\\', parameters('name'))]")).toBe(
      "'it\\'s \\${not} \\\\\\\\${name}'",
    );
  });
});

describe('resources', () => {
  const vnet = {
    type: 'Microsoft.Network/virtualNetworks',
    apiVersion: '2023-04-01',
    name: "[parameters('vnetName')]",
    location: '[resourceGroup().location]',
    properties: { addressSpace: { addressPrefixes: ['10.0.0.0/16'] } },
  };

  it('names symbols after the name, refers to them for resourceId() and reference(), and drops implied dependsOn', () => {
    const { bicep, unconverted } = decompile({
      parameters: { vnetName: { type: 'string' } },
      resources: [
        vnet,
        {
          type: 'Microsoft.Network/virtualNetworks/subnets',
          apiVersion: '2023-04-01',
          name: "[format('{0}/{1}', parameters('vnetName'), 'apps')]",
          dependsOn: ["[resourceId('Microsoft.Network/virtualNetworks', parameters('vnetName'))]"],
          properties: { addressPrefix: '10.0.1.0/24' },
        },
        {
          type: 'Microsoft.Network/networkInterfaces',
          apiVersion: '2023-04-01',
          name: 'nic',
          location: '[resourceGroup().location]',
          dependsOn: [
            "[resourceId('Microsoft.Network/virtualNetworks/subnets', parameters('vnetName'), 'apps')]",
            "[resourceId('Microsoft.Network/virtualNetworks', parameters('vnetName'))]",
          ],
          properties: {
            ipConfigurations: [
              {
                name: 'ip',
                properties: {
                  subnet: {
                    id: "[resourceId('Microsoft.Network/virtualNetworks/subnets', parameters('vnetName'), 'apps')]",
                  },
                },
              },
            ],
          },
        },
      ],
      outputs: {
        guid: {
          type: 'string',
          value:
            "[reference(resourceId('Microsoft.Network/virtualNetworks', parameters('vnetName')), '2023-04-01').resourceGuid]",
        },
        where: {
          type: 'string',
          value: "[reference(parameters('vnetName'), '2023-04-01', 'full').location]",
        },
      },
    });
    expect(unconverted).toEqual([]);
    expect(bicep).toContain(`resource vnet 'Microsoft.Network/virtualNetworks@2023-04-01' = {
  name: vnetName
  location: resourceGroup().location`);
    expect(bicep)
      .toContain(`resource apps 'Microsoft.Network/virtualNetworks/subnets@2023-04-01' = {
  parent: vnet
  name: 'apps'
  properties: {
    addressPrefix: '10.0.1.0/24'
  }
}`);
    expect(bicep).toContain('id: apps.id');
    expect(bicep).toContain('output guid string = vnet.properties.resourceGuid');
    // The NIC refers to the subnet (implied); its dependency on the VNet is not implied: kept.
    expect(bicep).toContain(`  dependsOn: [
    vnet
  ]`);
    expect(bicep).toContain('output where string = vnet.location');
  });

  it('turns copy into for, condition into if and @batchSize, and copyIndex() into the index', () => {
    const { bicep } = decompile({
      parameters: { names: { type: 'array' }, deploy: { type: 'bool' } },
      resources: [
        {
          copy: {
            name: 'accounts',
            count: "[length(parameters('names'))]",
            mode: 'Serial',
            batchSize: 2,
          },
          condition: "[parameters('deploy')]",
          type: 'Microsoft.Storage/storageAccounts',
          apiVersion: '2023-01-01',
          name: "[concat(parameters('names')[copyIndex()], copyIndex(1))]",
          location: '[resourceGroup().location]',
          kind: 'StorageV2',
          sku: { name: 'Standard_LRS' },
        },
      ],
    });
    expect(bicep).toContain(`@batchSize(2)
resource storageAccount 'Microsoft.Storage/storageAccounts@2023-01-01' = [for i in range(0, length(names)): if (deploy) {
  name: concat(names[i], i + 1)`);
  });

  it('names one item of a copy loop by its index, in references and in scope', () => {
    const item =
      "resourceId('Microsoft.Storage/storageAccounts', concat('st', parameters('names')[1]))";
    const { bicep, unconverted } = decompile({
      parameters: { names: { type: 'array' } },
      resources: [
        {
          copy: { name: 'accounts', count: "[length(parameters('names'))]" },
          type: 'Microsoft.Storage/storageAccounts',
          apiVersion: '2023-01-01',
          name: "[concat('st', parameters('names')[copyIndex()])]",
          location: '[resourceGroup().location]',
          kind: 'StorageV2',
          sku: { name: 'Standard_LRS' },
        },
        {
          type: 'Microsoft.Authorization/locks',
          apiVersion: '2020-05-01',
          name: 'lock',
          scope:
            "[format('Microsoft.Storage/storageAccounts/{0}', concat('st', parameters('names')[1]))]",
          dependsOn: [`[${item}]`],
          properties: {
            level: 'CanNotDelete',
            notes: `[reference(${item}).primaryEndpoints.blob]`,
          },
        },
      ],
      outputs: { second: { type: 'string', value: `[${item}]` } },
    });
    expect(unconverted).toEqual([]);
    expect(bicep).toContain(`  scope: storageAccount[1]
  properties: {
    level: 'CanNotDelete'
    notes: storageAccount[1].properties.primaryEndpoints.blob
  }
}`);
    expect(bicep).toContain('output second string = storageAccount[1].id');
  });

  it('reads languageVersion 2.0 templates: symbolic names and existing resources', () => {
    const { bicep, unconverted } = decompile({
      languageVersion: '2.0',
      resources: {
        vault: {
          existing: true,
          type: 'Microsoft.KeyVault/vaults',
          apiVersion: '2023-07-01',
          name: 'shared-kv',
        },
        secret: {
          type: 'Microsoft.KeyVault/vaults/secrets',
          apiVersion: '2023-07-01',
          name: "[format('{0}/{1}', 'shared-kv', 'api-key')]",
          properties: { value: 'x' },
        },
      },
    });
    expect(unconverted).toEqual([]);
    expect(bicep).toContain(`resource vault 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: 'shared-kv'
}`);
    expect(bicep).toContain(`resource secret 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {
  parent: vault
  name: 'api-key'`);
  });

  it('flattens nested child resources, with the parent named', () => {
    const { bicep } = decompile({
      parameters: { vnetName: { type: 'string' } },
      resources: [
        {
          ...vnet,
          resources: [
            {
              type: 'subnets',
              apiVersion: '2023-04-01',
              name: 'apps',
              dependsOn: ["[parameters('vnetName')]"],
              properties: { addressPrefix: '10.0.1.0/24' },
            },
          ],
        },
      ],
    });
    expect(bicep)
      .toContain(`resource apps 'Microsoft.Network/virtualNetworks/subnets@2023-04-01' = {
  parent: vnet
  name: 'apps'`);
    expect(bicep).not.toContain('dependsOn');
  });

  it('writes a nested inner-scope deployment as a module file, and its outputs as module outputs', () => {
    const r = decompile({
      resources: [
        {
          type: 'Microsoft.Resources/deployments',
          apiVersion: '2022-09-01',
          name: 'storage',
          resourceGroup: 'data-rg',
          properties: {
            expressionEvaluationOptions: { scope: 'inner' },
            mode: 'Incremental',
            parameters: { prefix: { value: 'app' } },
            template: {
              $schema: SCHEMA,
              contentVersion: '1.0.0.0',
              parameters: { prefix: { type: 'string' } },
              resources: [],
              outputs: { out: { type: 'string', value: "[parameters('prefix')]" } },
            },
          },
        },
      ],
      outputs: {
        x: {
          type: 'string',
          value:
            "[reference(resourceId('Microsoft.Resources/deployments', 'storage')).outputs.out.value]",
        },
      },
    });
    expect(r.files.map((f) => f.path)).toEqual(['azuredeploy.bicep', 'modules/storage.bicep']);
    expect(r.bicep).toContain(`module storage './modules/storage.bicep' = {
  name: 'storage'
  scope: resourceGroup('data-rg')
  params: {
    prefix: 'app'
  }
}`);
    expect(r.bicep).toContain('output x string = storage.outputs.out');
    expect(r.files[1]!.content).toBe('param prefix string\n\noutput out string = prefix\n');
  });
});

describe('what is not converted', () => {
  it('lists an outer-scope nested template and a broken expression with their lines, and converts the rest', () => {
    const content = `{
  "$schema": "${SCHEMA}",
  "contentVersion": "1.0.0.0",
  "variables": {
    "ok": "fine",
    "broken": "[concat('a']"
  },
  "resources": [
    {
      "type": "Microsoft.Resources/deployments",
      "apiVersion": "2022-09-01",
      "name": "outer",
      "properties": {
        "mode": "Incremental",
        "template": { "resources": [] }
      }
    }
  ]
}`;
    const r = armToBicep([{ path: 'main.json', content }]);
    expect(r.unconverted.map((u) => [u.line, u.kind, u.name])).toEqual([
      [9, 'module', 'outer'],
      [6, 'variable', 'broken'],
    ]);
    expect(r.files[0]!.content).toBe("var ok = 'fine'\n");
  });

  it('says so when the upload has no template, and names the line of invalid JSON', () => {
    expect(() => armToBicep([{ path: 'a.json', content: '{"x": 1}' }])).toThrow(ConvertError);
    expect(() => armToBicep([{ path: 'a.json', content: '{\n  "x": 1,\n  oops\n}' }])).toThrow(
      'a.json:3: not valid JSON (expected a property name)',
    );
  });
});

describe('parameter files', () => {
  it('writes an ARM parameters file as a .bicepparam using the template of the same name', () => {
    const r = armToBicep([
      {
        path: 'infra/azuredeploy.json',
        content: JSON.stringify({
          $schema: SCHEMA,
          contentVersion: '1.0.0.0',
          parameters: { name: { type: 'string' }, tags: { type: 'object' } },
          resources: [],
        }),
      },
      {
        path: 'infra/azuredeploy.parameters.json',
        content: JSON.stringify({
          $schema:
            'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
          contentVersion: '1.0.0.0',
          parameters: {
            name: { value: 'web' },
            tags: { value: { env: 'prod' } },
            secret: { reference: { keyVault: { id: '/subscriptions/x' }, secretName: 's' } },
          },
        }),
      },
    ]);
    expect(r.files.map((f) => f.path)).toEqual([
      'infra/azuredeploy.bicep',
      'infra/azuredeploy.bicepparam',
    ]);
    expect(r.files[1]!.content).toBe(
      "using './azuredeploy.bicep'\n\nparam name = 'web'\nparam tags = {\n  env: 'prod'\n}\n",
    );
    expect(r.unconverted.map((u) => [u.kind, u.name])).toEqual([['parameter', 'secret']]);
  });
});
