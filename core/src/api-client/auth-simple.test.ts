import { describe, expect, it } from 'vitest';
import { applySimpleAuth, maskSent } from './auth-simple';
import { ZAuth, type TAuth } from './model';
import type { TWireRequest } from './wire';

const wire: TWireRequest = {
  method: 'GET',
  url: 'https://h/p?a=1',
  headers: { authorization: 'typed by hand', Accept: '*/*' },
};
const apply = (auth: unknown) => applySimpleAuth(wire, ZAuth.parse(auth));

describe('simple auth', () => {
  it('basic: RFC 7617 credentials in UTF-8, replacing a typed Authorization', () => {
    const r = apply({ type: 'basic', username: 'Aladdin', password: 'open sesame' });
    expect(r?.wire.headers).toEqual({
      Accept: '*/*',
      Authorization: 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
    });
    const utf8 = apply({ type: 'basic', username: 'test', password: '123£' });
    expect(utf8?.wire.headers.Authorization).toBe('Basic dGVzdDoxMjPCow==');
  });

  it('bearer: the prefix word, or the token alone when the prefix is empty', () => {
    expect(apply({ type: 'bearer', token: 'abc' })?.wire.headers.Authorization).toBe('Bearer abc');
    expect(
      apply({ type: 'bearer', token: 'abc', prefix: 'Token' })?.wire.headers.Authorization,
    ).toBe('Token abc');
    expect(apply({ type: 'bearer', token: 'abc', prefix: '' })?.wire.headers.Authorization).toBe(
      'abc',
    );
  });

  it('API key in a header or in the query, encoded', () => {
    const header = apply({ type: 'apikey', key: 'X-Api-Key', value: 's3cret' });
    expect(header?.wire.headers['X-Api-Key']).toBe('s3cret');
    expect(header?.secrets).toEqual({ headers: ['X-Api-Key'], query: [] });
    const query = apply({ type: 'apikey', key: 'api key', value: 'a&b=c', in: 'query' });
    expect(query?.wire.url).toBe('https://h/p?a=1&api%20key=a%26b%3Dc');
    expect(query?.wire.headers).toEqual(wire.headers);
  });

  it('none and inherit change nothing; advanced kinds are left to the server', () => {
    expect(apply({ type: 'none' })?.wire).toEqual(wire);
    const digest: TAuth = { type: 'digest', username: 'u', password: 'p' };
    expect(applySimpleAuth(wire, digest)).toBeUndefined();
  });
});

describe('what is shown back', () => {
  it('masks credentials but keeps the scheme word', () => {
    const r = apply({ type: 'apikey', key: 'api key', value: 'a&b=c', in: 'query' })!;
    const shown = maskSent(
      { ...r.wire, headers: { Authorization: 'Bearer abc', 'X-Other': 'visible' } },
      r.secrets,
    );
    expect(shown).toEqual({
      method: 'GET',
      url: 'https://h/p?a=1&api%20key=••••••',
      headers: { Authorization: 'Bearer ••••••', 'X-Other': 'visible' },
    });
  });
});
