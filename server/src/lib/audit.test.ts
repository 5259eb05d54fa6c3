import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from './audit';

describe('maskSecrets', () => {
  it('masks secret keys at any depth, in any spelling, and keeps everything else', () => {
    const masked = maskSecrets({
      name: 'prod',
      password: 'hunter2',
      smtp: { host: 'mail.example', smtp_password: 'p', clientSecret: 'c', 'api-key': 'k' },
      list: [{ privateKey: '-----BEGIN', region: 'eu' }, { Authorization: 'Bearer x' }],
      accessToken: 't',
      kubeconfig: 'apiVersion: v1',
    });
    expect(masked).toEqual({
      name: 'prod',
      password: MASK,
      smtp: { host: 'mail.example', smtp_password: MASK, clientSecret: MASK, 'api-key': MASK },
      list: [{ privateKey: MASK, region: 'eu' }, { Authorization: MASK }],
      accessToken: MASK,
      kubeconfig: MASK,
    });
  });

  it('masks the value of a key/value pair whose key names a secret (a header list)', () => {
    expect(
      maskSecrets([
        { key: 'Authorization', value: 'Bearer abc' },
        { key: 'Accept', value: 'application/json' },
        { name: 'X-Api-Key', value: 'k' },
      ]),
    ).toEqual([
      { key: 'Authorization', value: MASK },
      { key: 'Accept', value: 'application/json' },
      { name: 'X-Api-Key', value: MASK },
    ]);
  });

  it('keeps flags, counts, empty and missing values, which say nothing secret', () => {
    expect(
      maskSecrets({
        hasSecret: true,
        maxTokens: 512,
        password: '',
        token: null,
        secret: undefined,
      }),
    ).toEqual({ hasSecret: true, maxTokens: 512, password: '', token: null, secret: undefined });
  });

  it('cuts long text and deep nesting, and leaves the input untouched', () => {
    const input = { note: 'x'.repeat(5000), password: 'p' };
    const masked = maskSecrets(input) as { note: string };
    expect(masked.note).toMatch(/^x{4000}… \(5000 characters\)$/);
    expect(input.password).toBe('p');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20; i += 1) deep = { next: deep };
    expect(JSON.stringify(maskSecrets(deep))).toContain('"…"');
  });

  it('writes dates as ISO text', () => {
    expect(maskSecrets({ at: new Date('2026-11-29T14:00:00Z') })).toEqual({
      at: '2026-11-29T14:00:00.000Z',
    });
  });
});
