import { describe, expect, it } from 'vitest';
import { foldCall } from './functions';
import type { TVal } from './value';

const ref = (name: string): TVal => ({ $: 'ref', address: `aws_subnet.${name}`, attr: 'id' });

describe('Terraform functions folded on import', () => {
  it('slices a list of references with known bounds (one subnet in dev, two in prod)', () => {
    const subnets = [ref('a'), ref('b')];
    expect(foldCall('slice', [subnets, 0, 1])).toEqual([ref('a')]);
    expect(foldCall('slice', [subnets, 0, 2])).toEqual(subnets);
  });

  it('leaves a slice whose bounds are unknown or out of the list as the call', () => {
    const count: TVal = { $: 'ref', address: 'var.count', attr: '' };
    expect(foldCall('slice', [[ref('a')], 0, count])).toBeUndefined();
    expect(foldCall('slice', [[ref('a')], 0, 2])).toBeUndefined();
  });
});
