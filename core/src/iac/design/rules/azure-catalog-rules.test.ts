import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import type { TPropertyValue } from '../../types';

/** Property errors of one Azure component placed in a subnet of a VNet. */
function errorsOf(service: string, properties: Record<string, TPropertyValue>) {
  const parsed = parseDesign({
    v: 2,
    name: 'rules',
    provider: 'azure',
    region: 'westeurope',
    environments: [{ name: 'dev' }],
    groups: [
      { id: 'net', service: 'azure.virtual-network', name: 'net' },
      {
        id: 's0',
        service: 'azure.subnet',
        name: 's0',
        parent: 'net',
        properties: { cidr: '10.0.0.0/24' },
      },
    ],
    components: [{ id: 'x', service, name: 'x', group: 's0', properties }],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.severity === 'error' && /properties/.test(i.path))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('cross-field rules of the newer Azure services', () => {
  it('MongoDB vCore: no high availability on the burstable tiers', () => {
    expect(errorsOf('azure.cosmos-mongo-vcore', { tier: 'M20', highAvailability: true })).toEqual([
      'components[0].properties.highAvailability: high availability is not offered with burstable tier M20: turn highAvailability off, or choose tier M30 or above',
    ]);
    expect(errorsOf('azure.cosmos-mongo-vcore', { tier: 'M20', highAvailability: false })).toEqual(
      [],
    );
    expect(errorsOf('azure.cosmos-mongo-vcore', { tier: 'M30', highAvailability: true })).toEqual(
      [],
    );
  });

  it('Data Explorer: autoscale bounds in order, allowed ranges in CIDR form', () => {
    expect(errorsOf('azure.data-explorer', { minInstances: 6, maxInstances: 3 })).toEqual([
      'components[0].properties.minInstances: minInstances 6 is above maxInstances 3: lower minInstances or raise maxInstances (minInstances ≤ maxInstances)',
    ]);
    expect(errorsOf('azure.data-explorer', { allowedIps: ['203.0.113.7'] })).toHaveLength(1);
    expect(errorsOf('azure.data-explorer', { allowedIps: ['203.0.113.0/24'] })).toEqual([]);
  });
});
