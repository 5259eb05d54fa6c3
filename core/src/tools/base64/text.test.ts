import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToText, textToBase64 } from './text';
import { decodeUtf8, firstInvalidUtf8 } from './utf8';

describe('text ↔ Base64', () => {
  it.each([
    ['héllo wörld', 'aMOpbGxvIHfDtnJsZA=='],
    ['日本語', '5pel5pys6Kqe'],
    ['Привет', '0J/RgNC40LLQtdGC'],
    ['👩‍💻 deploy', '8J+RqeKAjfCfkrsgZGVwbG95'],
  ])('encodes %j as UTF-8', (text, expected) => {
    expect(textToBase64(text)).toBe(expected);
    expect(base64ToText(expected)).toEqual({
      kind: 'text',
      text,
      byteLength: new TextEncoder().encode(text).length,
    });
  });

  it('round-trips any Unicode text through both alphabets', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.constantFrom('standard', 'url'),
        fc.boolean(),
        (text, alphabet, hasPadding) => {
          const decoded = base64ToText(textToBase64(text, { alphabet, hasPadding }));
          expect(decoded).toMatchObject({ kind: 'text', text });
        },
      ),
    );
  });

  it('keeps a byte-order mark', () => {
    expect(base64ToText(textToBase64('\uFEFFbom'))).toMatchObject({ text: '\uFEFFbom' });
  });

  it('says when the bytes are not text, and keeps them', () => {
    const decoded = base64ToText('iVBORw0KGgo=');
    expect(decoded).toMatchObject({
      kind: 'binary',
      message: 'The 8 decoded bytes are not UTF-8 text (byte 0x89 at offset 0 is not valid utf-8)',
    });
    expect(decoded.kind === 'binary' && decoded.bytes.length).toBe(8);
  });

  it('passes decode errors on', () => {
    expect(base64ToText('ab$c')).toMatchObject({ kind: 'error', position: 2 });
  });
});

describe('UTF-8 validation', () => {
  it('agrees with the platform decoder on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        let isValid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          isValid = false;
        }
        expect(firstInvalidUtf8(bytes) === -1).toBe(isValid);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [[0xc0, 0x80], 0, 'overlong'],
    [[0xed, 0xa0, 0x80], 0, 'surrogate'],
    [[0x41, 0xf4, 0x90, 0x80, 0x80], 1, 'past U+10FFFF'],
    [[0x41, 0x42, 0xe2, 0x82], 2, 'truncated'],
  ])('rejects %j at %i (%s)', (bytes, offset) => {
    expect(decodeUtf8(new Uint8Array(bytes))).toMatchObject({ ok: false, offset });
  });
});
