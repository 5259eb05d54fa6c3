import { describe, expect, it } from 'vitest';
import { checkExpression } from '@stratum/cli/checks/arm-check';
import { aref, armFn, atpl, childId, param, type TArmResource, type TArmValue } from '../ir/arm-ir';
import { toJson, type TArmScope } from './arm-expr';
import { bicepValue } from './bicep-writer';

/** The same IR value printed by both languages: what a reader of main.bicep / azuredeploy.json sees. */
const lb: TArmResource = {
  symbol: 'webLb',
  type: 'Microsoft.Network/loadBalancers',
  apiVersion: '2025-05-01',
  name: atpl('lbe-shop-', param('environment')),
  body: {},
  node: 'web-lb',
  kind: 'network-load-balancer',
};
const scope: TArmScope = { bySymbol: new Map([[lb.symbol, lb]]) };
const both = (v: TArmValue) => ({ bicep: bicepValue(v, ''), arm: toJson(scope, v) as string });

describe('resourceId()', () => {
  it('names a sub-resource declared in its parent’s body by type and name segments', () => {
    const id = childId(lb.type, lb.name, 'probes', 'health');
    expect(both(id)).toEqual({
      bicep:
        "resourceId('Microsoft.Network/loadBalancers/probes', 'lbe-shop-${environment}', 'health')",
      arm: "[resourceId('Microsoft.Network/loadBalancers/probes', format('lbe-shop-{0}', parameters('environment')), 'health')]",
    });
    expect(checkExpression(both(id).arm)).toBeUndefined();
  });

  it('quotes names with quotes in each language', () => {
    const id = childId(lb.type, "o'brien", 'probes', 'health');
    expect(both(id).bicep).toContain("'o\\'brien'");
    expect(both(id).arm).toContain("'o''brien'");
  });
});

describe('extension resources', () => {
  it('are named under the resource they extend (extensionResourceId), as dependsOn needs', () => {
    const grant: TArmResource = {
      symbol: 'webLbReader',
      type: 'Microsoft.Authorization/roleAssignments',
      apiVersion: '2022-04-01',
      name: armFn('guid', aref('webLb', 'id'), 'reader'),
      scope: 'webLb',
      body: {},
      node: 'web-lb',
      kind: 'network-load-balancer',
    };
    const withGrant: TArmScope = {
      bySymbol: new Map([
        [lb.symbol, lb],
        [grant.symbol, grant],
      ]),
    };
    const lbId =
      "resourceId('Microsoft.Network/loadBalancers', format('lbe-shop-{0}', parameters('environment')))";
    const id = toJson(withGrant, aref('webLbReader', 'id')) as string;
    expect(id).toBe(
      `[extensionResourceId(${lbId}, 'Microsoft.Authorization/roleAssignments', guid(${lbId}, 'reader'))]`,
    );
    expect(checkExpression(id)).toBeUndefined();
  });
});

describe('objects keyed by an expression', () => {
  it('print the key as an interpolated Bicep string and an ARM expression', () => {
    const identities: TArmValue = {
      $: 'keyed',
      entries: [{ key: aref('webLb', 'id'), value: {} }],
    };
    expect(bicepValue(identities, '')).toBe("{\n  '${webLb.id}': {}\n}");
    expect(toJson(scope, identities)).toEqual({
      "[resourceId('Microsoft.Network/loadBalancers', format('lbe-shop-{0}', parameters('environment')))]":
        {},
    });
  });
});

describe('values derived from a parameter', () => {
  it('converts, multiplies and chooses without a second parameter', () => {
    expect(both(armFn('string', param('webMinSize')))).toEqual({
      bicep: 'string(webMinSize)',
      arm: "[string(parameters('webMinSize'))]",
    });
    expect(both(armFn('mul', param('dbStorageGb'), 1024))).toEqual({
      bicep: 'dbStorageGb * 1024',
      arm: "[mul(parameters('dbStorageGb'), 1024)]",
    });
    expect(both(armFn('if', param('geo'), 'Enabled', 'Disabled'))).toEqual({
      bicep: "geo ? 'Enabled' : 'Disabled'",
      arm: "[if(parameters('geo'), 'Enabled', 'Disabled')]",
    });
  });

  it('looks a value up in a table indexed by the parameter', () => {
    const tier: TArmValue = {
      $: 'lookup',
      table: { B1: 'Basic', P1v3: 'PremiumV3' },
      index: param('sku'),
    };
    expect(both(tier)).toEqual({
      bicep: "{\n  B1: 'Basic'\n  P1v3: 'PremiumV3'\n}[sku]",
      arm: "[createObject('B1', 'Basic', 'P1v3', 'PremiumV3')[parameters('sku')]]",
    });
    expect(checkExpression(both(tier).arm)).toBeUndefined();
  });
});
