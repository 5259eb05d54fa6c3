import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArm } from '@stratum/cli/checks/arm-check';
import { checkBicep } from '@stratum/cli/checks/bicep-check';
import { bicepToArm } from '../bicep/to-arm';
import type { TConvertFile } from '../types';
import { normalizeTemplate } from './semantic';
import { armToBicep } from './to-bicep';

/**
 * Templates written by others (fixtures/bicep-arm/README.md names each source): Bicep → ARM →
 * Bicep → ARM and ARM → Bicep → ARM give the same template, compared by meaning.
 */
const ROOT = new URL('../fixtures/bicep-arm/', import.meta.url);

function folder(name: string, prefix = ''): TConvertFile[] {
  const dir = new URL(`${name}/`, ROOT);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.bicep') || f.endsWith('.json'))
    .map((f) => ({ path: `${prefix}${f}`, content: readFileSync(join(dir.pathname, f), 'utf8') }));
}

const json = (f: TConvertFile) => JSON.parse(f.content) as unknown;

/** The decompiled Bicep's resource types, so checkBicep checks its structure (brackets, modules). */
const typesOf = (files: readonly TConvertFile[]) =>
  new Set(
    files.flatMap((f) => [...f.content.matchAll(/^resource \w+ '([^']+)'/gm)].map((m) => m[1]!)),
  );

function expectValidBicep(files: readonly TConvertFile[]) {
  expect(checkBicep(files, typesOf(files))).toEqual([]);
}

const BICEP = [
  'storage-account',
  'vm-simple-linux',
  'webapp-basic-linux',
  'key-vault',
  'modules',
  'key-vault-secret',
  'user-functions',
  'imports',
  'user-defined-types',
];

describe('Bicep written by others → ARM → Bicep → ARM', () => {
  for (const name of BICEP) {
    it(`${name}: builds a valid template, and its decompiled Bicep builds the same template`, () => {
      const files = folder(name);
      const first = bicepToArm(files);
      expect(first.unconverted).toEqual([]);
      expect(first.files).toHaveLength(1);
      const template = first.files[0]!;
      expect(checkArm(template.path, template.content)).toEqual([]);

      const bicep = armToBicep(first.files);
      expect(bicep.unconverted).toEqual([]);
      expectValidBicep(bicep.files);
      const again = bicepToArm(bicep.files, 'main.bicep');
      expect(again.unconverted).toEqual([]);
      expect(normalizeTemplate(json(again.files[0]!))).toEqual(normalizeTemplate(json(template)));
    });
  }

  it('subscription-rg: a subscription-scope template with a module scoped to a new resource group', () => {
    const files = [
      ...folder('subscription-rg', 'subscription-rg/'),
      ...folder('modules', 'modules/'),
    ].filter((f) => f.path !== 'modules/main.bicep' && f.path !== 'modules/monitoring.bicep');
    const first = bicepToArm(files, 'subscription-rg/main.bicep');
    expect(first.unconverted).toEqual([]);
    const t = json(first.files[0]!) as { $schema: string; resources: Record<string, unknown>[] };
    expect(t.$schema).toContain('subscriptionDeploymentTemplate.json');
    const deployment = t.resources.find((r) => r['type'] === 'Microsoft.Resources/deployments')!;
    expect(deployment['resourceGroup']).toBe("[parameters('resourceGroupName')]");
    expect(deployment['dependsOn']).toEqual([
      "[subscriptionResourceId('Microsoft.Resources/resourceGroups', parameters('resourceGroupName'))]",
    ]);
    const bicep = armToBicep(first.files);
    expect(bicep.files[0]!.content).toContain("targetScope = 'subscription'");
    const again = bicepToArm(bicep.files, 'subscription-rg/main.bicep');
    expect(normalizeTemplate(json(again.files[0]!))).toEqual(normalizeTemplate(t));
  });
});

const ARM = [
  'arm-storage-account',
  'arm-vnet-two-subnets',
  'arm-copy-loops',
  'arm-nested-template',
  'arm-definitions',
];

describe('ARM written by others → Bicep → ARM', () => {
  for (const name of ARM) {
    it(`${name}: decompiles to Bicep that builds the same template`, () => {
      const files = folder(name);
      for (const f of files) expect(checkArm(f.path, f.content)).toEqual([]);
      const bicep = armToBicep(files);
      expect(bicep.unconverted).toEqual([]);
      expectValidBicep(bicep.files);
      const again = bicepToArm(bicep.files, 'azuredeploy.bicep');
      expect(again.unconverted).toEqual([]);
      expect(checkArm(again.files[0]!.path, again.files[0]!.content)).toEqual([]);
      expect(normalizeTemplate(json(again.files[0]!))).toEqual(normalizeTemplate(json(files[0]!)));
    });
  }
});
