import { describe, expect, it } from 'vitest';
import { formatBytes } from './system-text';

describe('formatBytes', () => {
  it('reads sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 * 1024)).toBe('8.0 MB');
  });
});
