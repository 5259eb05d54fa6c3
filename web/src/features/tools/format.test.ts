import { describe, expect, it } from 'vitest';
import { formatBytes, plural } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [5 * 1024 * 1024 + 1, '5.0 MB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('pluralises with thousands separators', () => {
    expect(plural(1, 'line')).toBe('1 line');
    expect(plural(10_000, 'line')).toBe('10,000 lines');
  });
});
