import { describe, expect, it } from 'vitest';
import { INT32_MAX, isStorableDateTime, isStorableText, ZDateTime, zInt32, zText } from './common';

describe('isStorableText', () => {
  it('refuses U+0000 and unpaired surrogates, keeps pairs, RTL and emoji', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\udc00b')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
    expect(isStorableText('🙂 שלום \u202e')).toBe(true);
  });

  it('is what zText checks before sanitising', () => {
    expect(zText(10).safeParse('ok').success).toBe(true);
    expect(zText(10).safeParse('o\u0000k').success).toBe(false);
  });
});

describe('ZDateTime', () => {
  it('accepts years 1 to 9999 on real calendar days', () => {
    for (const v of ['0001-01-01T00:00:00Z', '2028-02-29T12:00:00+02:00', '9999-12-31T23:59:59Z'])
      expect(ZDateTime.safeParse(v).success, v).toBe(true);
  });

  it('refuses year 0000, days that do not exist and offsets crossing the range', () => {
    for (const v of [
      '0000-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
    ])
      expect(isStorableDateTime(v), v).toBe(false);
  });
});

describe('zInt32', () => {
  it('bounds to a 32-bit column', () => {
    expect(zInt32().safeParse(INT32_MAX).success).toBe(true);
    expect(zInt32().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(zInt32().safeParse(-INT32_MAX - 2).success).toBe(false);
  });
});
