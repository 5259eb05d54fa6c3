import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from './auth-digest';

// RFC 7616 §3.9.1: the server offers SHA-256 then MD5 for GET /dir/index.html.
const challengeHeader = [
  'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, ' +
    'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", ' +
    'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
  'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, ' +
    'nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", ' +
    'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
];
const request = {
  username: 'Mufasa',
  password: 'Circle of Life',
  method: 'GET',
  uri: '/dir/index.html',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  nc: 1,
};

describe('digest auth (RFC 7616)', () => {
  it('prefers the first challenge (SHA-256) and answers the RFC example', () => {
    const challenge = parseDigestChallenge(challengeHeader)!;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', qop: ['auth', 'auth-int'] });
    const value = digestAuthorization({ challenge, ...request });
    expect(value).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
    expect(value).toBe(
      'Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", ' +
        'algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, ' +
        'cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, ' +
        'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", ' +
        'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    );
  });

  it('answers the RFC example with MD5', () => {
    const challenge = parseDigestChallenge(challengeHeader[1])!;
    expect(digestAuthorization({ challenge, ...request })).toContain(
      'response="8ca523f5e9506fed4657c9700eebdbec"',
    );
  });

  it('reads several challenges folded into one header, skipping other schemes', () => {
    const folded = `Basic realm="x", ${challengeHeader[1]}`;
    expect(parseDigestChallenge(folded)?.algorithm).toBe('MD5');
    expect(parseDigestChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="r", nonce="n", algorithm=UNKNOWN')).toBeUndefined();
  });

  it('speaks RFC 2069 when the server names no qop', () => {
    const challenge = parseDigestChallenge('Digest realm="r", nonce="n"')!;
    const value = digestAuthorization({ challenge, ...request });
    expect(value).not.toContain('qop=');
    expect(value).toMatch(/response="[0-9a-f]{32}"/);
  });
});
