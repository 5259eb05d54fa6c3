import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('encodeBase64', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('RFC 4648 §10 vector %j → %j', (text, expected) => {
    expect(encodeBase64(bytesOf(text))).toBe(expected);
    expect(encodeBase64(bytesOf(text), { hasPadding: false })).toBe(expected.replace(/=+$/, ''));
  });

  it('uses - and _ in the URL-safe alphabet', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf]);
    expect(encodeBase64(bytes)).toBe('+/+/');
    expect(encodeBase64(bytes, { alphabet: 'url' })).toBe('-_-_');
  });

  it('agrees with Node for any bytes, both alphabets, with and without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const node = Buffer.from(bytes);
        expect(encodeBase64(bytes)).toBe(node.toString('base64'));
        expect(encodeBase64(bytes, { alphabet: 'url', hasPadding: false })).toBe(
          node.toString('base64url'),
        );
      }),
    );
  });

  it('encodes a multi-megabyte input', () => {
    const bytes = new Uint8Array(3 * 1024 * 1024 + 1).map((_, i) => i * 7);
    expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('decodeBase64', () => {
  it('round-trips any bytes in every alphabet and padding choice', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('standard', 'url'),
        fc.boolean(),
        (bytes, alphabet, hasPadding) => {
          const decoded = decodeBase64(encodeBase64(bytes, { alphabet, hasPadding }));
          expect(decoded.ok && [...decoded.bytes]).toEqual([...bytes]);
        },
      ),
    );
  });

  it('skips line breaks and spaces (MIME, PEM) unless told not to', () => {
    const decoded = decodeBase64('Zm9v\r\nYmFy\n  ');
    expect(decoded.ok && new TextDecoder().decode(decoded.bytes)).toBe('foobar');
    const strict = decodeBase64('Zm9v YmFy', { allowWhitespace: false });
    expect(strict).toMatchObject({
      ok: false,
      error: { code: 'base64/invalid_char', position: 4 },
    });
  });

  it('names the character and its position when something is not Base64', () => {
    expect(decodeBase64('Zm9v%mFy')).toEqual({
      ok: false,
      error: {
        code: 'base64/invalid_char',
        message: "'%' at position 5 is not Base64",
        position: 4,
      },
    });
    expect(decodeBase64('Zm9v😀')).toMatchObject({
      error: { message: "'😀' at position 5 is not Base64" },
    });
  });

  it('rejects padding in the middle, too much padding and impossible lengths', () => {
    expect(decodeBase64('Zg==Zg==')).toMatchObject({
      ok: false,
      error: { code: 'base64/bad_padding', position: 4 },
    });
    expect(decodeBase64('Zm8==')).toMatchObject({
      ok: false,
      error: { code: 'base64/bad_padding', message: expect.stringContaining('expected 1') },
    });
    expect(decodeBase64('Zm9vY')).toMatchObject({
      ok: false,
      error: { code: 'base64/bad_length' },
    });
  });

  it('refuses to guess when both alphabets appear, and honours a chosen alphabet', () => {
    expect(decodeBase64('ab+c-d__')).toMatchObject({
      ok: false,
      error: { code: 'base64/mixed_alphabets' },
    });
    expect(decodeBase64('-_-_', { alphabet: 'standard' })).toMatchObject({
      ok: false,
      error: { code: 'base64/wrong_alphabet', position: 0 },
    });
    expect(decodeBase64('+/+/', { alphabet: 'url' })).toMatchObject({
      ok: false,
      error: { code: 'base64/wrong_alphabet' },
    });
    expect(decodeBase64('-_-_')).toMatchObject({ ok: true, alphabet: 'url' });
    expect(decodeBase64('Zm9v')).toMatchObject({ ok: true, alphabet: 'either' });
  });
});
