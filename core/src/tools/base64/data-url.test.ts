import { describe, expect, it } from 'vitest';
import { parseDataUrl, toDataUrl } from './data-url';
import { extensionFor, sniffFileType } from './file-type';

describe('data URLs', () => {
  it('builds one with the media type and standard padded Base64', () => {
    expect(toDataUrl(new Uint8Array([0xfb, 0xff]), 'image/png')).toBe('data:image/png;base64,+/8=');
    expect(toDataUrl(new Uint8Array([1]), '')).toBe('data:application/octet-stream;base64,AQ==');
  });

  it('reads the type and bytes back, Base64 or percent-encoded', () => {
    const parsed = parseDataUrl('data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+');
    expect(parsed?.mediaType).toBe('image/svg+xml');
    expect(parsed?.decoded.ok && new TextDecoder().decode(parsed.decoded.bytes)).toBe('<svg/>');
    const plain = parseDataUrl('data:,Hello%2C%20W%C3%B6rld%FF');
    expect(plain?.mediaType).toBe('text/plain');
    expect(plain?.decoded.ok && [...plain.decoded.bytes]).toEqual([
      ...new TextEncoder().encode('Hello, Wörld'),
      0xff,
    ]);
    expect(parseDataUrl('Zm9v')).toBeNull();
  });

  it('passes Base64 errors in the body on', () => {
    expect(parseDataUrl('data:text/plain;base64,Zm9v!')?.decoded).toMatchObject({ ok: false });
  });
});

describe('file type sniffing', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'jpg'],
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'pdf'],
    [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], 'webp'],
    [[0x1f, 0x8b, 8], 'gz'],
  ])('%j is %s', (bytes, extension) => {
    expect(sniffFileType(new Uint8Array(bytes))?.extension).toBe(extension);
  });

  it('knows nothing of plain text, and maps media types to extensions', () => {
    expect(sniffFileType(new TextEncoder().encode('hello'))).toBeNull();
    expect(extensionFor('image/png')).toBe('png');
    expect(extensionFor('application/json')).toBe('json');
    expect(extensionFor('application/x-unknown')).toBe('bin');
  });
});
