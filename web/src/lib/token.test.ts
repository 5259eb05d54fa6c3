import { describe, expect, it } from 'vitest';
import { hasJwtShape } from './token';

describe('hasJwtShape', () => {
  it('accepts three non-empty base64url parts', () => {
    expect(hasJwtShape('eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl')).toBe(true);
  });
  it.each([null, undefined, '', 'garbage', 'a.b', 'a.b.c.d', 'a..c', 'a.b.c d', '...'])(
    'rejects %j',
    (token) => {
      expect(hasJwtShape(token)).toBe(false);
    },
  );
});
