import { describe, expect, it } from 'vitest';
import { clearUsage, isEdited, parseUsageValue, setUsage } from './usage';

describe('usage values', () => {
  it('sets and clears one value without touching the others', () => {
    const a = setUsage({}, 'assets', 'storageGb', 500);
    const b = setUsage(a, 'assets', 'writeRequests', 1e6);
    expect(b).toEqual({ assets: { storageGb: 500, writeRequests: 1e6 } });
    expect(isEdited(b, { target: 'assets', key: 'storageGb' })).toBe(true);
    expect(clearUsage(b, 'assets', 'storageGb')).toEqual({ assets: { writeRequests: 1e6 } });
    expect(clearUsage(a, 'assets', 'storageGb')).toEqual({});
  });

  it('reads typed numbers with separators, refuses negatives and words', () => {
    expect(parseUsageValue('1,000,000')).toBe(1e6);
    expect(parseUsageValue(' 2.5 ')).toBe(2.5);
    expect(parseUsageValue('-1')).toBeNull();
    expect(parseUsageValue('lots')).toBeNull();
    expect(parseUsageValue('')).toBeNull();
  });
});
