import { describe, expect, it } from 'vitest';
import { armToBicep } from './to-bicep';

/** ARM features past the basics (functions of other namespaces, outer-scope nested templates). */
const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';

describe('ARM → Bicep, what stays', () => {
  it("lists an outer-scope nested template naming the parent's parameters and variables it reads", () => {
    const template = {
      $schema: SCHEMA,
      contentVersion: '1.0.0.0',
      parameters: { storageName: { type: 'string' } },
      variables: { sku: 'Standard_LRS' },
      resources: [
        {
          type: 'Microsoft.Resources/deployments',
          apiVersion: '2022-09-01',
          name: 'nestedStorage',
          properties: {
            mode: 'Incremental',
            expressionEvaluationOptions: { scope: 'outer' },
            template: {
              $schema: SCHEMA,
              contentVersion: '1.0.0.0',
              resources: [
                {
                  type: 'Microsoft.Storage/storageAccounts',
                  apiVersion: '2023-01-01',
                  name: "[parameters('storageName')]",
                  location: '[resourceGroup().location]',
                  sku: { name: "[variables('sku')]" },
                  kind: 'StorageV2',
                },
              ],
            },
          },
        },
      ],
    };
    const r = armToBicep([{ path: 'main.json', content: JSON.stringify(template, null, 2) }]);
    expect(r.unconverted.map((u) => [u.kind, u.name, u.reason])).toEqual([
      [
        'module',
        'nestedStorage',
        'a nested template in the outer scope reads the parent template (parameter storageName, variable sku): not converted; set expressionEvaluationOptions.scope to inner and pass those values as its parameters',
      ],
    ]);
  });

  it('names a function of another namespace ns_name, in its declaration and its calls', () => {
    const template = {
      $schema: SCHEMA,
      contentVersion: '1.0.0.0',
      functions: [
        {
          namespace: 'contoso',
          members: {
            uniqueName: {
              parameters: [{ name: 'namePrefix', type: 'string' }],
              output: {
                type: 'string',
                value:
                  "[concat(toLower(parameters('namePrefix')), uniqueString(resourceGroup().id))]",
              },
            },
          },
        },
      ],
      resources: [],
      outputs: { name: { type: 'string', value: "[contoso.uniqueName('app')]" } },
    };
    const r = armToBicep([{ path: 'main.json', content: JSON.stringify(template, null, 2) }]);
    expect(r.unconverted).toEqual([]);
    expect(r.files[0]!.content).toBe(
      "func contoso_uniqueName(namePrefix string) string => concat(toLower(namePrefix), uniqueString(resourceGroup().id))\n\noutput name string = contoso_uniqueName('app')\n",
    );
  });
});
