import { describe, expect, it } from 'vitest';
import { generate, generatePrepared, prepareDesign } from './generate';
import type { TFormat } from './emit/emitter';

/**
 * Per-environment overrides: the check that finds overrides of properties the builders use for
 * decisions, and the generation that keeps the model that check built for its format.
 */
function azureDesign(prodOverrides: Record<string, Record<string, unknown>>) {
  return {
    v: 2,
    name: 'overrides',
    provider: 'azure',
    region: 'westeurope',
    environments: [{ name: 'dev' }, { name: 'prod', overrides: prodOverrides }],
    naming: { org: 'acme', project: 'shop', pattern: '{org}-{env}-{type}-{name}' },
    groups: [
      {
        id: 'vnet',
        service: 'azure.virtual-network',
        name: 'vnet',
        properties: { cidr: '10.0.0.0/16' },
      },
      {
        id: 'web',
        service: 'azure.subnet',
        name: 'web',
        parent: 'vnet',
        properties: { cidr: '10.0.1.0/24' },
      },
    ],
    components: [
      { id: 'vm', service: 'azure.linux-vm', name: 'vm', group: 'web', properties: {} },
      { id: 'vm2', service: 'azure.linux-vm', name: 'vm2', group: 'web', properties: {} },
      { id: 'st', service: 'azure.storage-account', name: 'st', properties: {} },
    ],
    connections: [{ from: 'vm', to: 'st', type: 'data' }],
  };
}

const FORMATS: readonly TFormat[] = ['terraform', 'bicep', 'arm'];

describe('per-environment overrides', () => {
  it.each(FORMATS)(
    '%s: the files of a design with overrides are those of a model built afresh',
    (format) => {
      const design = azureDesign({ vm: { size: 'Standard_D2s_v5' } });
      const kept = generate(design, { format });
      const prepared = prepareDesign(design);
      if (!kept.ok || !prepared.ok) throw new Error('the design should generate');
      const fresh = generatePrepared(prepared, { format });
      if (!fresh.ok) throw new Error(fresh.issues.map((i) => i.message).join('\n'));
      expect(kept.files).toEqual(fresh.files);
      // The override reaches the code: prod's size is a per-environment value.
      expect(kept.files.map((f) => f.content).join('\n')).toContain('Standard_D2s_v5');
    },
  );

  it.each([undefined, ...FORMATS])(
    'an override of a property that decides what is built is refused (generating %s)',
    (format) => {
      // The image picks the VM's source image: it cannot differ between environments.
      const design = azureDesign({ vm2: { os: 'debian-12' } });
      const prepared = prepareDesign(design, format);
      expect(prepared.ok ? [] : prepared.issues).toEqual([
        {
          path: 'environments',
          message: 'vm2: os cannot differ between environments (override in prod)',
          severity: 'error',
        },
      ]);
    },
  );
});
