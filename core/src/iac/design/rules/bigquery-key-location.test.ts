import { describe, expect, it } from 'vitest';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

function errors(location: string, withKey: boolean): string[] {
  const parsed = parseDesign({
    v: 2,
    name: 'bq',
    provider: 'gcp',
    region: 'europe-west1',
    components: [
      { id: 'dw', service: 'gcp.bigquery', name: 'dw', properties: { location } },
      { id: 'key', service: 'gcp.cloud-kms', name: 'key' },
    ],
    connections: withKey ? [{ from: 'dw', to: 'key', type: 'data' }] : [],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(parsed.design)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('bigquery-key-location', () => {
  it('refuses a multi-region dataset encrypted with the region’s key, on its location', () => {
    expect(errors('EU', true)).toEqual([
      "components[0].properties.location: location EU: a dataset encrypted with a Cloud KMS key must be in the key's location, and the key ring is in the region europe-west1: set location to region, or remove the key connection",
    ]);
  });

  it('accepts the region with a key, and a multi-region without one', () => {
    expect(errors('region', true)).toEqual([]);
    expect(errors('EU', false)).toEqual([]);
  });
});
