import { describe, expect, it } from 'vitest';
import { normalizeTemplate } from './semantic';

/** Two templates that mean the same compare equal; a change of meaning does not. */
const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const template = (resources: unknown[], variables: Record<string, unknown> = {}) => ({
  $schema: SCHEMA,
  contentVersion: '1.0.0.0',
  parameters: { vnet: { type: 'string' } },
  variables,
  resources,
});
const vnet = {
  type: 'Microsoft.Network/virtualNetworks',
  apiVersion: '2023-04-01',
  name: "[parameters('vnet')]",
};

describe('normalizeTemplate', () => {
  it('treats spellings of the same template as equal', () => {
    const nested = template(
      [
        {
          ...vnet,
          resources: [
            {
              type: 'subnets',
              apiVersion: '2023-04-01',
              name: 'a',
              dependsOn: ["[parameters('vnet')]"],
            },
          ],
        },
      ],
      { n: "[concat('x-', parameters('vnet'), '-', copyIndex(1))]" },
    );
    const flat = template(
      [
        {
          type: 'Microsoft.Network/virtualNetworks/subnets',
          apiVersion: '2023-04-01',
          name: "[format('{0}/{1}', parameters('vnet'), 'a')]",
          dependsOn: ["[resourceId('Microsoft.Network/virtualNetworks', parameters('vnet'))]"],
        },
        vnet,
      ],
      { n: "[format('x-{0}-{1}', parameters('vnet'), add(copyIndex(), 1))]" },
    );
    expect(normalizeTemplate(flat)).toEqual(normalizeTemplate(nested));
  });

  it('tells templates apart when a dependency, a value or a name changes', () => {
    const base = template([
      vnet,
      {
        ...vnet,
        type: 'Microsoft.Network/virtualNetworks/subnets',
        name: "[format('{0}/a', parameters('vnet'))]",
        dependsOn: ["[parameters('vnet')]"],
      },
    ]);
    const noDependency = template([
      vnet,
      {
        ...vnet,
        type: 'Microsoft.Network/virtualNetworks/subnets',
        name: "[format('{0}/a', parameters('vnet'))]",
      },
    ]);
    const otherName = template([
      vnet,
      {
        ...vnet,
        type: 'Microsoft.Network/virtualNetworks/subnets',
        name: "[format('{0}/b', parameters('vnet'))]",
        dependsOn: ["[parameters('vnet')]"],
      },
    ]);
    const otherValue = template([
      { ...vnet, location: 'westeurope' },
      {
        ...vnet,
        type: 'Microsoft.Network/virtualNetworks/subnets',
        name: "[format('{0}/a', parameters('vnet'))]",
        dependsOn: ["[parameters('vnet')]"],
      },
    ]);
    for (const other of [noDependency, otherName, otherValue])
      expect(normalizeTemplate(other)).not.toEqual(normalizeTemplate(base));
  });

  it('resolves the symbolic names of a languageVersion 2.0 template, whatever they are, and keeps its definitions', () => {
    const v2 = (symbol: string, allowed: string[]) => ({
      ...template([]),
      languageVersion: '2.0',
      definitions: { sku: { type: 'string', allowedValues: allowed } },
      resources: {
        [symbol]: vnet,
        subnet: {
          type: 'Microsoft.Network/virtualNetworks/subnets',
          apiVersion: '2023-04-01',
          name: "[format('{0}/{1}', parameters('vnet'), 'a')]",
          properties: { prefix: `[reference('${symbol}').addressSpace.addressPrefixes[0]]` },
          dependsOn: [symbol],
        },
      },
    });
    expect(normalizeTemplate(v2('network', ['B', 'A']))).toEqual(
      normalizeTemplate(v2('vnet1', ['A', 'B'])),
    );
    expect(normalizeTemplate(v2('network', ['A']))).not.toEqual(
      normalizeTemplate(v2('network', ['A', 'B'])),
    );
  });
});
