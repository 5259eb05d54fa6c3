import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { bicepToDesign } from '../bicep/to-design';
import { generate, prepareDesign } from '../../iac/generate';
import { parseDesign } from '../../iac/design/parse';
import { armFilesToDesign, armToDesign } from './to-design';
import { parseJsonWithLines } from './json-lines';

/** ARM/Bicep → a design of generic ARM resource components that validates and generates. */
const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/bicep-arm/${path}`, import.meta.url), 'utf8');

describe('ARM → design', () => {
  const text = fixture('arm-vnet-two-subnets/azuredeploy.json');
  const { value, lines } = parseJsonWithLines(text, 'azuredeploy.json');
  const r = armToDesign(value, { file: 'azuredeploy.json', lines, name: 'vnet' });

  it('makes every resource a generic ARM resource component with its static arguments', () => {
    expect(r.design!.components.map((c) => [c.id, c.service, c.resource?.type])).toEqual([
      ['vnet1', 'azure.arm-resource', 'Microsoft.Network/virtualNetworks'],
      ['subnet1', 'azure.arm-resource', 'Microsoft.Network/virtualNetworks/subnets'],
      ['subnet2', 'azure.arm-resource', 'Microsoft.Network/virtualNetworks/subnets'],
    ]);
    expect(r.design!.components[0]!.resource!.arguments).toEqual({
      name: 'VNet1',
      properties: { addressSpace: { addressPrefixes: ['10.0.0.0/16'] } },
    });
    expect(r.design!.components[2]!.resource!.arguments).toEqual({
      name: 'VNet1/Subnet2',
      properties: { addressPrefix: '10.0.1.0/24' },
    });
  });

  it('warns once per resource, on the line the resource starts', () => {
    const imported = r.warnings.filter((w) =>
      w.message.includes('imported as a generic ARM resource'),
    );
    // The line of each resource's opening brace: the one before its "type".
    const typeLines = text
      .split('\n')
      .flatMap((l, i) =>
        /"type": "(Microsoft.Network\/virtualNetworks|subnets)"/.test(l) ? [i] : [],
      );
    expect(imported.map((w) => w.line)).toEqual(typeLines);
    expect(r.unconverted).toEqual([]);
  });

  it('gives a design that validates and generates a valid ARM template', () => {
    const parsed = parseDesign(r.design);
    expect(parsed.ok).toBe(true);
    expect(prepareDesign(r.design).ok).toBe(true);
    const out = generate(r.design, { format: 'arm' });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const template = out.files.find(
      (f) => f.path.endsWith('.json') && f.content.includes('deploymentTemplate'),
    )!;
    expect(checkArm(template.path, template.content)).toEqual([]);
    expect(template.content).toContain('"name": "VNet1"');
    const messages = r.warnings.map((w) => w.message);
    expect(messages).toContain(
      'subnet2: dependsOn is not kept (a design orders resources by their references only)',
    );
    expect(messages.filter((m) => m.includes('a child resource'))).toHaveLength(2);
  });

  it('turns resourceId() and reference() of template resources into component references', () => {
    const t = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      variables: { planName: "[concat('plan-', 'web')]" },
      resources: [
        {
          type: 'Microsoft.Web/serverfarms',
          apiVersion: '2022-03-01',
          name: "[variables('planName')]",
          location: 'northeurope',
          sku: { name: 'B1' },
        },
        {
          type: 'Microsoft.Web/sites',
          apiVersion: '2022-03-01',
          name: "[concat('app-', uniqueString(resourceGroup().id))]",
          location: '[resourceGroup().location]',
          properties: {
            serverFarmId: "[resourceId('Microsoft.Web/serverfarms', variables('planName'))]",
            note: "[reference(resourceId('Microsoft.Web/serverfarms', variables('planName'))).maximumElasticWorkerCount]",
            secret: "[listKeys('x', '2020-01-01').key]",
          },
        },
      ],
    };
    const d = armToDesign(t, { name: 'web' });
    expect(d.design!.region).toBe('northeurope');
    expect(d.design!.components[1]!.resource!.arguments).toEqual({
      properties: {
        serverFarmId: { $ref: 'plan-web', attribute: 'id' },
        note: { $ref: 'plan-web', attribute: 'properties.maximumElasticWorkerCount' },
      },
    });
    expect(d.warnings.map((w) => w.message)).toContain(
      'site: its name is computed; the naming convention names it instead',
    );
    expect(d.warnings.map((w) => w.message)).toContain(
      'site: properties.secret is computed at deployment time and was left out',
    );
    expect(parseDesign(d.design).ok).toBe(true);
  });
});

describe('Bicep → design', () => {
  it('imports the quickstart VM with warnings on the Bicep lines', () => {
    const r = bicepToDesign([
      { path: 'main.bicep', content: fixture('vm-simple-linux/main.bicep') },
    ]);
    expect(r.design!.components.map((c) => c.resource!.type)).toEqual([
      'Microsoft.Network/networkInterfaces',
      'Microsoft.Network/networkSecurityGroups',
      'Microsoft.Network/virtualNetworks',
      'Microsoft.Network/virtualNetworks/subnets',
      'Microsoft.Network/publicIPAddresses',
      'Microsoft.Compute/virtualMachines',
      'Microsoft.Compute/virtualMachines/extensions',
    ]);
    const nic = r.design!.components[0]!.resource!.arguments as {
      properties: { networkSecurityGroup: unknown };
    };
    expect(nic.properties.networkSecurityGroup).toEqual({
      id: { $ref: 'sec-group-net', attribute: 'id' },
    });
    const warning = r.warnings.find((w) =>
      w.message.startsWith('Microsoft.Network/networkSecurityGroups'),
    );
    expect(warning).toMatchObject({ file: 'main.bicep', line: 117 });
    expect(prepareDesign(r.design).ok).toBe(true);
  });

  it('merges every ARM template of an upload into one design', () => {
    const r = armFilesToDesign([
      { path: 'a.json', content: fixture('arm-storage-account/azuredeploy.json') },
      { path: 'b.json', content: fixture('arm-vnet-two-subnets/azuredeploy.json') },
      { path: 'notes.json', content: '{"not": "a template"}' },
    ]);
    expect(r.design!.components).toHaveLength(4);
    expect(new Set(r.design!.components.map((c) => c.id)).size).toBe(4);
  });
});

describe('a languageVersion 2.0 template → design', () => {
  it('imports the deployed Azure resources, leaves existing ones out and lists the resources of extensions at their Bicep line', () => {
    const r = bicepToDesign([
      {
        path: 'main.bicep',
        content: `extension kubernetes with {
  namespace: 'default'
  kubeConfig: 'x'
} as k8s
resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {
  name: 'shared-kv'
}
resource sa 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'stapp'
  location: 'westeurope'
  kind: 'StorageV2'
  sku: { name: 'Standard_LRS' }
}
resource ns 'core/Namespace@v1' = {
  metadata: { name: 'apps' }
}
`,
      },
    ]);
    expect(r.design!.components.map((c) => c.resource?.type)).toEqual([
      'Microsoft.Storage/storageAccounts',
    ]);
    expect(r.unconverted.map((u) => [u.file, u.line, u.name])).toEqual([['main.bicep', 14, 'ns']]);
  });
});
