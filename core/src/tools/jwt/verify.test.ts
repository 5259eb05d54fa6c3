import { constants, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwt, type DecodedJwt } from './decode';
import { verifyJwtSignature, type TVerifyKey } from './verify';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decoded(token: string): DecodedJwt {
  const result = decodeJwt(token);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.jwt;
}

const verify = (token: string, key: TVerifyKey) => verifyJwtSignature(decoded(token), key);

/** A token signed by Node's crypto, so Web Crypto checks another implementation's work. */
function signed(alg: string, privateKey: KeyObject, header: object = {}): string {
  const input = `${b64url({ alg, typ: 'JWT', ...header })}.${b64url({ sub: 'alice', n: 1 })}`;
  const hash = alg === 'EdDSA' ? null : `sha${alg.slice(2)}`;
  const signature = sign(hash, Buffer.from(input), {
    key: privateKey,
    ...(alg.startsWith('PS')
      ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 }
      : {}),
    ...(alg.startsWith('ES') ? { dsaEncoding: 'ieee-p1363' as const } : {}),
  });
  return `${input}.${signature.toString('base64url')}`;
}

function tamper(token: string): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url({ sub: 'mallory', n: 1 })}.${s}`;
}

describe('HMAC', () => {
  // RFC 7515 Appendix A.1: HS256 with a JWK symmetric key.
  const RFC_TOKEN =
    'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const RFC_KEY = `{"kty":"oct","k":"AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"}`;

  it('verifies the RFC 7515 A.1 example with its JWK, and the same key as Base64', async () => {
    expect(await verify(RFC_TOKEN, { kind: 'secret', secret: RFC_KEY, isBase64: false })).toEqual({
      status: 'valid',
      message: 'Signature verified (HS256)',
    });
    const base64 = Buffer.from((JSON.parse(RFC_KEY) as { k: string }).k, 'base64url').toString(
      'base64',
    );
    expect(
      await verify(RFC_TOKEN, { kind: 'secret', secret: base64, isBase64: true }),
    ).toMatchObject({ status: 'valid' });
  });

  it.each(['HS256', 'HS384', 'HS512'])(
    '%s: right secret valid, wrong secret or edit invalid',
    async (alg) => {
      const { createHmac } = await import('node:crypto');
      const input = `${b64url({ alg })}.${b64url({ sub: 'x' })}`;
      const mac = createHmac(`sha${alg.slice(2)}`, 'a-secret-😀')
        .update(input)
        .digest('base64url');
      const token = `${input}.${mac}`;
      const key = (secret: string): TVerifyKey => ({ kind: 'secret', secret, isBase64: false });
      expect(await verify(token, key('a-secret-😀'))).toMatchObject({ status: 'valid' });
      expect(await verify(token, key('another'))).toMatchObject({
        status: 'invalid',
        message: 'Invalid signature: the token was not signed with this secret, or it was changed',
      });
      expect(await verify(tamper(token), key('a-secret-😀'))).toMatchObject({ status: 'invalid' });
    },
  );

  it('does not check without a secret, and refuses a public key as the secret', async () => {
    expect(await verify(RFC_TOKEN, { kind: 'secret', secret: '', isBase64: false })).toEqual({
      status: 'not_checked',
      message: 'Signature not checked: enter the secret',
    });
    expect(await verify(RFC_TOKEN, { kind: 'public', text: '-----BEGIN PUBLIC KEY-----' })).toEqual(
      { status: 'error', message: 'HS256 is checked with the shared secret, not a public key' },
    );
  });
});

describe('public-key algorithms', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: KeyObject, type: 'spki' | 'pkcs1' = 'spki') =>
    key.export({ type, format: 'pem' }).toString();
  const jwk = (key: KeyObject, extra: object = {}) =>
    JSON.stringify({ ...key.export({ format: 'jwk' }), ...extra });

  it.each(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'])(
    '%s with a PEM, a PKCS#1 PEM and a JWK',
    async (alg) => {
      const token = signed(alg, rsa.privateKey);
      for (const text of [pem(rsa.publicKey), pem(rsa.publicKey, 'pkcs1'), jwk(rsa.publicKey)]) {
        expect(await verify(token, { kind: 'public', text })).toMatchObject({ status: 'valid' });
      }
      expect(await verify(token, { kind: 'public', text: pem(other.publicKey) })).toMatchObject({
        status: 'invalid',
      });
      expect(
        await verify(tamper(token), { kind: 'public', text: pem(rsa.publicKey) }),
      ).toMatchObject({ status: 'invalid' });
    },
  );

  it.each([
    ['ES256', 'P-256'],
    ['ES384', 'P-384'],
    ['ES512', 'P-521'],
  ] as const)('%s with a PEM and a JWK', async (alg, namedCurve) => {
    const ec = generateKeyPairSync('ec', { namedCurve });
    const token = signed(alg, ec.privateKey);
    expect(await verify(token, { kind: 'public', text: pem(ec.publicKey) })).toMatchObject({
      status: 'valid',
    });
    expect(await verify(token, { kind: 'public', text: jwk(ec.publicKey) })).toMatchObject({
      status: 'valid',
    });
    expect(await verify(tamper(token), { kind: 'public', text: jwk(ec.publicKey) })).toMatchObject({
      status: 'invalid',
    });
  });

  it('EdDSA (Ed25519)', async () => {
    const ed = generateKeyPairSync('ed25519');
    const token = signed('EdDSA', ed.privateKey);
    expect(await verify(token, { kind: 'public', text: pem(ed.publicKey) })).toMatchObject({
      status: 'valid',
    });
  });

  it('verifies with the public key inside an X.509 certificate', async () => {
    const certificate = [
      '-----BEGIN CERTIFICATE-----',
      'MIIBhjCCASugAwIBAgIUTFxFhkaJsW+BtistTGELEBSr2CAwCgYIKoZIzj0EAwIw',
      'FzEVMBMGA1UEAwwMc3RyYXR1bS10ZXN0MCAXDTI2MTEyMjAyNDgxOFoYDzIxMjYx',
      'MDI5MDI0ODE4WjAXMRUwEwYDVQQDDAxzdHJhdHVtLXRlc3QwWTATBgcqhkjOPQIB',
      'BggqhkjOPQMBBwNCAATsKdJJKHpDd8/X1t+Xj0LQGjgc7XRzEMwTTUhbNuAqeEci',
      'amV0hoVe6SsCyohVQ8e1k2w/WiSWNWdPG44Wktg5o1MwUTAdBgNVHQ4EFgQUSjHo',
      'cQ3zF6tzUahNc0LB5e9+22gwHwYDVR0jBBgwFoAUSjHocQ3zF6tzUahNc0LB5e9+',
      '22gwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEA8YFLHlDDHOpx',
      'XqYCmeoGbSDXQT+2c4K/0vnTLoX1AgMCIQCuNaiH2f60LNYShqDmhCSVcEH5/0+/',
      'SF4bndxOSPJYFQ==',
      '-----END CERTIFICATE-----',
    ].join('\n');
    // Signed with the certificate's key (openssl req -x509 -newkey ec, P-256).
    const token =
      'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzaWduZWQtYnktY2VydGlmaWNhdGUifQ.xkK61wgKBbh0TcWahze2ERJ37xnFAq-A3v7tlpwuxx4P9xNPM2MZLUTXoDcDWlWyWzuL9NJGoIzw9udN6F2HIg';
    expect(await verify(token, { kind: 'public', text: certificate })).toEqual({
      status: 'valid',
      message: 'Signature verified (ES256)',
    });
  });

  it('RS256 with the public key inside an X.509 certificate; another key fails', async () => {
    const certificate = [
      '-----BEGIN CERTIFICATE-----',
      'MIIDGTCCAgGgAwIBAgIUWU+Ktckcfyv7vgF3vIZIehT4+8AwDQYJKoZIhvcNAQEL',
      'BQAwGzEZMBcGA1UEAwwQc3RyYXR1bS1yc2EtdGVzdDAgFw0yNjExMjQxMzE0MjJa',
      'GA8yMTI2MTAzMTEzMTQyMlowGzEZMBcGA1UEAwwQc3RyYXR1bS1yc2EtdGVzdDCC',
      'ASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAOSDmQfrFyIyKBoPKtsfj6/k',
      'Hpc5HyC2et/OFa2PhCsaUOJbolLtj/Mf3mX6BREUircDs1SnMa9mXDbH30/BoiNx',
      'bjf5q13z41mDWpHLb/SfX5KsK4oHUgjFKNFswHNPIzm60e6+oHmh4VuNOR1wSgJm',
      'astAgP86InshZLBMOOLIPN6dMRZSi7gJuOP//pm5UDfF79rBg9XE3zOqUfntSBad',
      'pSw9sJHg3sXuKrJ7guLS5B+/x20YTnTs6k3nxkhDVaExyhN1NBdxclyMDFmKnTaV',
      '4gfyltAqJPFauWwhICSssJNSNFtzN8YnjuS0fBV8vdSuB/ML3vuRwW/S7Y7aI+cC',
      'AwEAAaNTMFEwHQYDVR0OBBYEFEnq567blpjUg7+Zk38vQW/rfFg4MB8GA1UdIwQY',
      'MBaAFEnq567blpjUg7+Zk38vQW/rfFg4MA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZI',
      'hvcNAQELBQADggEBAMPgsmyo1xB2bsswVoWZ/uzX6Rg+SEBMQrL0CBMzVu/7zRbC',
      '1RBXJhD9EZk9TL6/hCxX7LKpk1LSX+Qxe7ei5CnS/KScU4SnBvPoAXs2qA0dvUdg',
      'P5xXvbVuMWLKekDP4yX6vTLvGJ+2mFXYyYgCkvWW5Dgm4qJ7VG/UiCEUbBOLyAnO',
      'lBErBuOYjVMQwXETzHH97JBtUky9zJHVOlAO0fIY8mbStZUXA9Px/SiELYrKs4L1',
      'QIqvmWp61d1ca+SNsXEJanGYYL18MFX84LkTa5fZXML9ZoTcmCCdGdUIhMwCq91Y',
      'slD1SiqanHoRJ4SWb68Lgx/fYgoVkdZB77mq7ho=',
      '-----END CERTIFICATE-----',
    ].join('\n');
    // Signed with the certificate's key (openssl req -x509 -newkey rsa:2048).
    const token =
      'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzaWduZWQtYnktcnNhLWNlcnRpZmljYXRlIn0.OhPi30PXXHob62zZtRKM43uKhKyJgIUHGYLMr39vJEJ56n5q53-LQJGlUl1J8Z0eM0_4RWttVCNQnizj50uMeJ6D1ip0gHaIfsT-sc0zv6v8hvUhrG3Br9lFmUn3bfNf7bCnt_5yNi1ggLM5odtKfx7Roqp7lmaiOovKsEwSEcLPqTFJzcUISx9SPVEq9Z57E9RlU2Tb9b4Ht7Wgz44KCu8njMSS2B-pZOwm_HKkHnoHGir_oAZCt-HWYRt1dmV1D9r5GkgTWcKQ2r1eydlntT_U2gqFUTRwGijvfFeoQP9_5KZCoFZQqtVkkfC4CZGpi36AnRE5AfRzacH9LN4HBQ';
    expect(await verify(token, { kind: 'public', text: certificate })).toEqual({
      status: 'valid',
      message: 'Signature verified (RS256)',
    });
    // The same claims signed by another RSA key.
    const forged =
      'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzaWduZWQtYnktcnNhLWNlcnRpZmljYXRlIn0.UM-_inc6FiNTRz-vpiAYeeLL6sfpi2uZpnIxHI5CMLcbb1myCN-hWk2ux8FQPmOw-pCh1nnRJ5fRpzeHGgAjnJA4ps_UA3nmhLqo1Xnd0ytaDh_8cTw5Jw2Z32JfZcgKQ4fUnzhstEmgeCgfXuovKwlnTC7k6exikAmesxsEk7c8gQao_8neM9XvHHcEEg-ZKoOdUS4WuCDDpXh11u5J5lxBaTMIEqeZ3IfIO9rwezffnS9zCMo4AmsZ5XDMDovTm4HQz2Gbm2vlQwENQ3bjJKLLOL1HRh6ATL10hMiOlbLrUQgGuoHR6GXuinNSATl6h2HqRVmGxoBfOEbj7aI14g';
    expect(await verify(forged, { kind: 'public', text: certificate })).toEqual({
      status: 'invalid',
      message: 'Invalid signature: the token was not signed with this key, or it was changed',
    });
    expect(await verify(tamper(token), { kind: 'public', text: certificate })).toMatchObject({
      status: 'invalid',
    });
    // A certificate whose body is not DER at all is a key that cannot be used, not a forgery.
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
    expect(await verify(token, { kind: 'public', text: broken })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^The key cannot be used for RS256: CERTIFICATE: /),
    });
  });

  it('RS256: a PEM SPKI key and a JWK of the signer verify; those of another key do not', async () => {
    const token = signed('RS256', rsa.privateKey);
    for (const text of [pem(rsa.publicKey), jwk(rsa.publicKey)]) {
      expect(await verify(token, { kind: 'public', text })).toEqual({
        status: 'valid',
        message: 'Signature verified (RS256)',
      });
    }
    for (const text of [pem(other.publicKey), jwk(other.publicKey)]) {
      expect(await verify(token, { kind: 'public', text })).toEqual({
        status: 'invalid',
        message: 'Invalid signature: the token was not signed with this key, or it was changed',
      });
    }
  });

  it('picks the key of a JWK Set by kid', async () => {
    const token = signed('RS256', rsa.privateKey, { kid: 'two' });
    const set = JSON.stringify({
      keys: [
        { ...other.publicKey.export({ format: 'jwk' }), kid: 'one' },
        { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'two' },
      ],
    });
    expect(await verify(token, { kind: 'public', text: set })).toMatchObject({ status: 'valid' });
    const unknown = signed('RS256', rsa.privateKey, { kid: 'three' });
    expect(await verify(unknown, { kind: 'public', text: set })).toEqual({
      status: 'error',
      message: 'No key in the set has kid "three"',
    });
  });

  it('explains keys that cannot be used', async () => {
    const token = signed('RS256', rsa.privateKey);
    expect(
      await verify(token, {
        kind: 'public',
        text: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      }),
    ).toMatchObject({
      status: 'error',
      message: expect.stringContaining('That is a private key (PRIVATE KEY)'),
    });
    expect(
      await verify(token, { kind: 'public', text: jwk(rsa.publicKey, { alg: 'RS512' }) }),
    ).toEqual({
      status: 'error',
      message: 'The key is for RS512, but the token says RS256',
    });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(await verify(token, { kind: 'public', text: jwk(ec.publicKey) })).toEqual({
      status: 'error',
      message: 'RS256 needs a key with kty "RSA"',
    });
    expect(await verify(token, { kind: 'public', text: pem(ec.publicKey) })).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^The key cannot be used for RS256/),
    });
    expect(await verify(token, { kind: 'public', text: 'hello' })).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Not a PEM block'),
    });
    expect(await verify(token, { kind: 'secret', secret: 'x', isBase64: false })).toEqual({
      status: 'error',
      message: 'RS256 is checked with a public key, not a secret',
    });
  });

  it('uses only the public half of a private JWK, and says so', async () => {
    const token = signed('RS256', rsa.privateKey);
    expect(await verify(token, { kind: 'public', text: jwk(rsa.privateKey) })).toEqual({
      status: 'valid',
      message:
        'Signature verified (RS256). The JWK held private key parts; only its public part was used.',
    });
  });
});

describe('tokens that cannot be checked', () => {
  it('is honest about alg none and unknown algorithms', async () => {
    const none = `${b64url({ alg: 'none' })}.${b64url({ sub: 'x' })}.`;
    expect(await verify(none, { kind: 'public', text: '' })).toEqual({
      status: 'not_checked',
      message: 'Unsigned token (alg "none"): anyone could have written it',
    });
    const odd = `${b64url({ alg: 'XX1' })}.${b64url({})}.c2ln`;
    expect(await verify(odd, { kind: 'public', text: 'x' })).toEqual({
      status: 'not_checked',
      message: 'Signature not checked: XX1 is not an algorithm this tool knows',
    });
  });

  it('rejects an ECDSA signature of the wrong length before any crypto', async () => {
    const token = `${b64url({ alg: 'ES256' })}.${b64url({})}.${Buffer.alloc(70).toString('base64url')}`;
    expect(await verify(token, { kind: 'public', text: 'x' })).toEqual({
      status: 'invalid',
      message: 'ES256 signatures are 64 bytes; this one is 70',
    });
  });
});
