import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto';

describe('secrets at rest', () => {
  const key = randomBytes(32);

  it('round-trips and never shows the plaintext', () => {
    const sealed = encryptSecret(key, 'p4ss wörd');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(sealed).not.toContain('p4ss');
    expect(decryptSecret(key, sealed)).toBe('p4ss wörd');
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('refuses another key, a changed ciphertext and an unknown format', () => {
    const sealed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() =>
      decryptSecret(key, [...parts.slice(0, 3), body.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => decryptSecret(key, 'plain')).toThrow('Unknown secret format');
  });
});
