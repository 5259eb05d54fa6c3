import { describe, expect, it } from 'vitest';
import { decodeJwt, extractToken } from './decode';

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (header: unknown, payload: unknown, signature = 'c2ln') =>
  `${b64url(header)}.${b64url(payload)}.${signature}`;

describe('extractToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer   abc.def.ghi  ', 'abc.def.ghi'],
    ['Authorization: Bearer abc.def.ghi', 'abc.def.ghi'],
    ['"abc.def.ghi"', 'abc.def.ghi'],
    ['abc.de\n  f.ghi', 'abc.def.ghi'],
  ])('%j → %j', (input, expected) => {
    expect(extractToken(input)).toBe(expected);
  });
});

describe('decodeJwt', () => {
  it('decodes header and payload as UTF-8 JSON, after a Bearer prefix', () => {
    const decoded = decodeJwt(
      `Bearer ${token({ alg: 'HS256', typ: 'JWT' }, { sub: 'ünïcødé 👩‍💻', n: 1 })}`,
    );
    expect(decoded).toMatchObject({
      ok: true,
      jwt: {
        alg: 'HS256',
        header: { alg: 'HS256', typ: 'JWT' },
        payload: { sub: 'ünïcødé 👩‍💻', n: 1 },
      },
    });
    expect(decoded.ok && [...decoded.jwt.signature]).toEqual([...Buffer.from('sig')]);
  });

  it('says how many parts there are when there are not three', () => {
    expect(decodeJwt('abc')).toMatchObject({
      ok: false,
      errors: [{ code: 'jwt/parts', message: expect.stringContaining('this has 1') }],
    });
    expect(decodeJwt('abc.def')).toMatchObject({
      errors: [{ message: expect.stringContaining('is the signature cut off?') }],
    });
    expect(decodeJwt('  ')).toMatchObject({ errors: [{ code: 'jwt/empty' }] });
  });

  it('recognises an encrypted token and still shows its header', () => {
    expect(decodeJwt(`${b64url({ alg: 'RSA-OAEP', enc: 'A256GCM' })}.a.b.c.d`)).toMatchObject({
      ok: false,
      errors: [{ code: 'jwt/encrypted' }],
      header: { enc: 'A256GCM' },
    });
  });

  it('points at the part that is not base64url', () => {
    const decoded = decodeJwt(`${b64url({ alg: 'none' })}.ab+c.`);
    expect(decoded).toMatchObject({
      ok: false,
      header: { alg: 'none' },
      errors: [
        {
          code: 'jwt/base64url',
          part: 'payload',
          message:
            "Payload is not valid base64url: '+' at position 3 belongs to standard Base64, not the URL-safe alphabet",
        },
      ],
    });
  });

  it('says when a part is not UTF-8, not JSON, or not an object', () => {
    const bad = Buffer.from([0xff, 0xfe]).toString('base64url');
    expect(decodeJwt(`${bad}.${b64url({})}.`)).toMatchObject({
      errors: [{ code: 'jwt/utf8', part: 'header' }],
    });
    expect(decodeJwt(`${b64url({ alg: 'none' })}.${b64url('{"sub": ')}.`)).toMatchObject({
      errors: [
        {
          code: 'jwt/json',
          part: 'payload',
          message: expect.stringMatching(/^Payload is not JSON: /),
        },
      ],
    });
    expect(decodeJwt(`${b64url({ alg: 'none' })}.${b64url([1])}.`)).toMatchObject({
      errors: [
        { code: 'jwt/not_object', message: 'Payload must be a JSON object, but it is an array' },
      ],
    });
    expect(decodeJwt(`.${b64url({})}.`)).toMatchObject({
      errors: [{ code: 'jwt/json', part: 'header', message: 'Header is empty' }],
    });
  });

  it('keeps the signing input exactly as sent', () => {
    const t = token({ alg: 'HS256' }, { a: 1 });
    const decoded = decodeJwt(t);
    expect(decoded.ok && decoded.jwt.signingInput).toBe(t.split('.').slice(0, 2).join('.'));
  });
});
