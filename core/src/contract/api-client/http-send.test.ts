import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Length, utf8Length, ZSendInput } from './http-send';

const valid = { method: 'get', url: 'https://api.example.com/items', headers: {} };
const issueOf = (input: Record<string, unknown>) => {
  const result = ZSendInput.safeParse({ ...valid, ...input });
  return result.success ? 'valid' : result.error.issues[0]?.message;
};

describe('the send contract', () => {
  it('counts UTF-8 bytes and base64 bytes as the server decodes them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = btoa(String.fromCharCode(...bytes));
        expect(base64Length(text)).toBe(bytes.length);
        expect(base64Length(text.replace(/=+$/, ''))).toBe(bytes.length);
      }),
    );
    expect(base64Length('abc!')).toBeNull();
    expect(base64Length('a')).toBeNull();
    expect(base64Length('ab=')).toBeNull();
  });

  it('upper-cases any token method, refuses CONNECT and non-tokens', () => {
    expect(ZSendInput.parse({ ...valid, method: 'propfind' }).method).toBe('PROPFIND');
    expect(issueOf({ method: 'connect' })).toBe('CONNECT is not supported');
    expect(issueOf({ method: 'GET /' })).toMatch(/A method is/);
  });

  it('takes http and https URLs only', () => {
    expect(issueOf({ url: 'http://[::1]:8080/a?b#c' })).toBe('valid');
    expect(issueOf({ url: 'ftp://example.com/' })).toBe('Only http and https URLs can be sent');
    expect(issueOf({ url: 'example.com/items' })).toMatch(/Enter a full URL/);
  });

  it('refuses header names that are not tokens and values with line breaks', () => {
    expect(issueOf({ headers: { 'X A': '1' } })).toMatch(/"X A" is not a header name/);
    expect(issueOf({ headers: { 'X-A': 'a\r\nInjected: 1' } })).toMatch(/line breaks/);
    expect(issueOf({ headers: { 'X-A': 'tab\tand é' } })).toBe('valid');
    expect(issueOf({ headers: { 'X-A': '✓' } })).toMatch(/Latin-1/);
  });

  it('applies the defaults and the body limits', () => {
    expect(ZSendInput.parse(valid)).toMatchObject({
      bodyEncoding: 'utf8',
      timeoutMs: 30_000,
      followRedirects: true,
    });
    expect(issueOf({ timeoutMs: 120_001 })).toMatch(/120000/);
    expect(issueOf({ body: '@@@@', bodyEncoding: 'base64' })).toBe('The body is not valid base64');
    expect(issueOf({ body: 'é'.repeat(5 * 1024 * 1024 + 1) })).toBe(
      'The body may be at most 10 MiB',
    );
  });
});
