import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { bicepToArm } from './to-arm';

/**
 * Bicep that `bicep build` writes as a languageVersion 2.0 template: user-defined types
 * (`definitions`, `$ref`), extensions (`imports`), resources keyed by symbolic name.
 */
function build(bicep: string) {
  const r = bicepToArm([{ path: 'main.bicep', content: bicep }], 'main.bicep');
  const file = r.files[0]!;
  return {
    ...r,
    t: JSON.parse(file.content) as Record<string, unknown>,
    problems: checkArm(file.path, file.content),
  };
}

describe('user-defined types', () => {
  // After the storage account example of the Bicep docs' "User-defined data types in Bicep"
  // (learn.microsoft.com/azure/azure-resource-manager/bicep/user-defined-data-types).
  it('writes a template with definitions, parameters and outputs that refer to them, and symbolic resources', () => {
    const r = build(`@description('The location of the storage account.')
param location string = resourceGroup().location

@minLength(3)
@maxLength(24)
@description('Storage account name')
type storageAccountName = string

type storageAccountSku = 'Standard_LRS' | 'Standard_GRS'

@sealed()
type storageAccountConfigType = {
  name: storageAccountName
  sku: storageAccountSku
  @description('Tags added to the account')
  tags: object?
}

param storageAccountConfig storageAccountConfigType

resource storageAccount 'Microsoft.Storage/storageAccounts@2023-04-01' = {
  name: storageAccountConfig.name
  location: location
  sku: {
    name: storageAccountConfig.sku
  }
  kind: 'StorageV2'
  tags: storageAccountConfig.?tags
}

output endpoints object = storageAccount.properties.primaryEndpoints
output config storageAccountConfigType = storageAccountConfig
`);
    expect(r.t).toEqual({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      languageVersion: '2.0',
      contentVersion: '1.0.0.0',
      definitions: {
        storageAccountName: {
          type: 'string',
          minLength: 3,
          maxLength: 24,
          metadata: { description: 'Storage account name' },
        },
        storageAccountSku: { type: 'string', allowedValues: ['Standard_GRS', 'Standard_LRS'] },
        storageAccountConfigType: {
          type: 'object',
          properties: {
            name: { $ref: '#/definitions/storageAccountName' },
            sku: { $ref: '#/definitions/storageAccountSku' },
            tags: {
              type: 'object',
              nullable: true,
              metadata: { description: 'Tags added to the account' },
            },
          },
          additionalProperties: false,
        },
      },
      parameters: {
        location: {
          type: 'string',
          defaultValue: '[resourceGroup().location]',
          metadata: { description: 'The location of the storage account.' },
        },
        storageAccountConfig: { $ref: '#/definitions/storageAccountConfigType' },
      },
      resources: {
        storageAccount: {
          type: 'Microsoft.Storage/storageAccounts',
          apiVersion: '2023-04-01',
          name: "[parameters('storageAccountConfig').name]",
          location: "[parameters('location')]",
          sku: { name: "[parameters('storageAccountConfig').sku]" },
          kind: 'StorageV2',
          tags: "[tryGet(parameters('storageAccountConfig'), 'tags')]",
        },
      },
      outputs: {
        endpoints: { type: 'object', value: "[reference('storageAccount').primaryEndpoints]" },
        config: {
          $ref: '#/definitions/storageAccountConfigType',
          value: "[parameters('storageAccountConfig')]",
        },
      },
    });
    expect(r.warnings).toEqual([]);
    expect(r.unconverted).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it('writes tagged unions as a discriminator mapping, additional properties, tuples, member types and nullable parameters', () => {
    const r = build(`type fooConfig = { type: 'foo', value: int }
type barConfig = { type: 'bar', value: bool }
@discriminator('type')
type serviceConfig = fooConfig | barConfig | { type: 'baz', *: string }
type storageConfig = {
  sku: 'Standard_LRS' | 'Standard_GRS'
}
type pair = [
  @description('The zone')
  int
  string
]
param service serviceConfig
param sku storageConfig.sku = 'Standard_LRS'
param zones pair?
`);
    const definitions = r.t['definitions'] as Record<string, unknown>;
    expect(definitions['serviceConfig']).toEqual({
      type: 'object',
      discriminator: {
        propertyName: 'type',
        mapping: {
          foo: { $ref: '#/definitions/fooConfig' },
          bar: { $ref: '#/definitions/barConfig' },
          baz: {
            type: 'object',
            properties: { type: { type: 'string', allowedValues: ['baz'] } },
            additionalProperties: { type: 'string' },
          },
        },
      },
    });
    expect(definitions['pair']).toEqual({
      type: 'array',
      prefixItems: [{ type: 'int', metadata: { description: 'The zone' } }, { type: 'string' }],
      items: false,
    });
    expect(r.t['parameters']).toEqual({
      service: { $ref: '#/definitions/serviceConfig' },
      sku: {
        type: 'string',
        allowedValues: ['Standard_GRS', 'Standard_LRS'],
        defaultValue: 'Standard_LRS',
      },
      zones: { $ref: '#/definitions/pair', nullable: true },
    });
    expect(r.problems).toEqual([]);
  });

  it('writes a .bicepparam for a 2.0 template that may leave a nullable parameter out', () => {
    const r = bicepToArm([
      {
        path: 'main.bicep',
        content: "type zone = '1' | '2' | '3'\nparam name string\nparam zones zone[]?\n",
      },
      { path: 'main.bicepparam', content: "using './main.bicep'\n\nparam name = 'web'\n" },
    ]);
    const [template, params] = r.files;
    expect(JSON.parse(template!.content)).toMatchObject({
      parameters: {
        zones: { type: 'array', items: { $ref: '#/definitions/zone' }, nullable: true },
      },
    });
    const t = JSON.parse(template!.content) as Record<string, unknown>;
    expect(checkArm(params!.path, params!.content, t)).toEqual([]);
  });

  it('lists a union of non-literal types without @discriminator at its line, and keeps the rest', () => {
    const r = build(`type a = { x: int }
type b = { y: int }
type either = a | b
param p a
`);
    expect(r.unconverted.map((u) => [u.line, u.kind, u.name])).toEqual([[3, 'type', 'either']]);
    expect(r.t['parameters']).toEqual({ p: { $ref: '#/definitions/a' } });
    expect(r.problems).toEqual([]);
  });
});

describe('extensions', () => {
  // After the Bicep docs' "Bicep Kubernetes extension" (bicep-kubernetes-extension.md).
  it('writes the Kubernetes extension as an import with its configuration, and its resources under properties', () => {
    const r = build(`@secure()
param kubeConfig string

extension kubernetes with {
  namespace: 'default'
  kubeConfig: kubeConfig
} as k8s

resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: 'shared-kv'
  scope: resourceGroup('security-rg')
}

resource accounts 'Microsoft.Storage/storageAccounts@2023-01-01' = [for n in ['a', 'b']: {
  name: 'st\${n}'
  location: resourceGroup().location
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}]

resource ns 'core/Namespace@v1' = {
  metadata: {
    name: 'apps'
    labels: { vault: kv.properties.vaultUri }
  }
  dependsOn: [accounts]
}

resource app 'apps/Deployment@v1' = {
  metadata: {
    name: 'web'
    namespace: ns.metadata.name
  }
  spec: { replicas: 2 }
}

output key string = accounts[0].listKeys().keys[0].value
`);
    expect(r.t['imports']).toEqual({
      k8s: {
        provider: 'Kubernetes',
        version: '1.0.0',
        config: { namespace: 'default', kubeConfig: "[parameters('kubeConfig')]" },
      },
    });
    expect(r.t['resources']).toEqual({
      kv: {
        existing: true,
        type: 'Microsoft.KeyVault/vaults',
        apiVersion: '2023-07-01',
        name: 'shared-kv',
        resourceGroup: 'security-rg',
      },
      accounts: {
        copy: { name: 'accounts', count: "[length(createArray('a', 'b'))]" },
        type: 'Microsoft.Storage/storageAccounts',
        apiVersion: '2023-01-01',
        name: "[format('st{0}', createArray('a', 'b')[copyIndex()])]",
        location: '[resourceGroup().location]',
        kind: 'StorageV2',
        sku: { name: 'Standard_LRS' },
      },
      ns: {
        import: 'k8s',
        type: 'core/Namespace@v1',
        properties: {
          metadata: { name: 'apps', labels: { vault: "[reference('kv').vaultUri]" } },
        },
        dependsOn: ['accounts'],
      },
      app: {
        import: 'k8s',
        type: 'apps/Deployment@v1',
        properties: {
          metadata: { name: 'web', namespace: "[reference('ns').metadata.name]" },
          spec: { replicas: 2 },
        },
        dependsOn: ['ns'],
      },
    });
    expect((r.t['outputs'] as Record<string, { value: string }>)['key']!.value).toBe(
      "[listKeys(resourceId('Microsoft.Storage/storageAccounts', format('st{0}', createArray('a', 'b')[0])), '2023-01-01').keys[0].value]",
    );
    expect(r.unconverted).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  // After the Microsoft Graph Bicep quickstart (learn.microsoft.com/graph/templates/bicep).
  it('writes the Microsoft Graph extension and reads its resources through reference()', () => {
    const r = build(`extension microsoftGraphV1

resource group 'Microsoft.Graph/groups@v1.0' = {
  displayName: 'Example group'
  mailEnabled: false
  mailNickname: 'example-group'
  securityEnabled: true
  uniqueName: 'example-group'
}

output groupId string = group.id
`);
    expect(r.t['imports']).toEqual({
      microsoftGraphV1: { provider: 'MicrosoftGraph', version: '1.0.0' },
    });
    expect(r.t['resources']).toEqual({
      group: {
        import: 'microsoftGraphV1',
        type: 'Microsoft.Graph/groups@v1.0',
        properties: {
          displayName: 'Example group',
          mailEnabled: false,
          mailNickname: 'example-group',
          securityEnabled: true,
          uniqueName: 'example-group',
        },
      },
    });
    expect(r.t['outputs']).toEqual({
      groupId: { type: 'string', value: "[reference('group').id]" },
    });
    expect(r.problems).toEqual([]);
  });

  it('lists an extension whose provider is not known, and the resources of it', () => {
    const r = build(`extension 'br:example.azurecr.io/extensions/github:1.0.0' as github
resource repo 'github/repositories@v1' = {
  name: 'infra'
}
`);
    expect(r.unconverted.map((u) => [u.line, u.kind, u.name])).toEqual([
      [1, 'extension', 'br:example.azurecr.io/extensions/github:1.0.0'],
      [2, 'resource', 'repo'],
    ]);
    expect(r.problems).toEqual([]);
  });
});
