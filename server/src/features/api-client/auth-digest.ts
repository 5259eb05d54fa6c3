import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP Digest access authentication, RFC 7616 (client side): MD5, SHA-256 and SHA-512-256, their
 * `-sess` variants, qop `auth` (or none, the RFC 2069 form), `userhash`. The request goes once
 * without credentials; a 401 with a `WWW-Authenticate: Digest` challenge is answered once.
 * Hand-written: the npm packages for it are unmaintained; tested against RFC 7616 §3.9.1.
 */

export interface TDigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  qop?: string[];
  userhash: boolean;
  stale: boolean;
}

const HASHES: Record<string, string> = {
  MD5: 'md5',
  'SHA-256': 'sha256',
  'SHA-512-256': 'sha512-256',
};

/** The auth-params of one challenge: `key=token` or `key="quoted \" string"`, comma-separated. */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (const m of text.matchAll(re)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!);
  }
  return params;
}

/**
 * The first Digest challenge with an algorithm we support, from one or several
 * `WWW-Authenticate` values (a server may offer SHA-256 and MD5; the RFC says prefer the first).
 */
export function parseDigestChallenge(
  header: string | string[] | undefined,
): TDigestChallenge | undefined {
  if (header === undefined) return undefined;
  const values = Array.isArray(header) ? header : [header];
  for (const value of values) {
    // Challenges start with a scheme word; split before each `Digest `.
    for (const part of value.split(/(?=\bDigest\s)/i)) {
      const m = /^\s*,?\s*Digest\s+(.*)$/is.exec(part);
      if (!m) continue;
      const params = parseParams(m[1]!);
      const realm = params.get('realm');
      const nonce = params.get('nonce');
      const algorithm = (params.get('algorithm') ?? 'MD5').toUpperCase();
      if (realm === undefined || nonce === undefined) continue;
      if (!HASHES[algorithm.replace(/-SESS$/, '')]) continue;
      const qop = params
        .get('qop')
        ?.split(',')
        .map((q) => q.trim().toLowerCase());
      return {
        realm,
        nonce,
        algorithm,
        userhash: params.get('userhash')?.toLowerCase() === 'true',
        stale: params.get('stale')?.toLowerCase() === 'true',
        ...(params.get('opaque') !== undefined && { opaque: params.get('opaque')! }),
        ...(qop && { qop }),
      };
    }
  }
  return undefined;
}

const quote = (text: string) => `"${text.replace(/(["\\])/g, '\\$1')}"`;

/** The `Authorization` value answering `challenge` for one request. */
export function digestAuthorization(input: {
  challenge: TDigestChallenge;
  username: string;
  password: string;
  method: string;
  /** The request-target: path and query as sent. */
  uri: string;
  /** Fixed in tests; random otherwise. */
  cnonce?: string;
  nc?: number;
}): string {
  const { challenge, username, password, method, uri } = input;
  const base = challenge.algorithm.replace(/-SESS$/, '');
  const isSession = challenge.algorithm.endsWith('-SESS');
  const H = (text: string) => createHash(HASHES[base]!).update(text, 'utf8').digest('hex');
  const cnonce = input.cnonce ?? randomBytes(16).toString('base64');
  const nc = (input.nc ?? 1).toString(16).padStart(8, '0');
  const qop = challenge.qop?.includes('auth') ? 'auth' : undefined;
  if (challenge.qop && !qop) throw new Error('the server asks for a digest qop other than auth');
  let ha1 = H(`${username}:${challenge.realm}:${password}`);
  if (isSession) ha1 = H(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = H(`${method}:${uri}`);
  const response = qop
    ? H(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`)
    : H(`${ha1}:${challenge.nonce}:${ha2}`);
  const user = challenge.userhash ? H(`${username}:${challenge.realm}`) : username;
  const parts = [
    `username=${quote(user)}`,
    `realm=${quote(challenge.realm)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm === 'MD5' ? 'MD5' : challenge.algorithm}`,
    `nonce=${quote(challenge.nonce)}`,
    ...(qop ? [`nc=${nc}`, `cnonce=${quote(cnonce)}`, `qop=${qop}`] : []),
    `response=${quote(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
    ...(challenge.userhash ? ['userhash=true'] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}

/** The request-target of `url` (path and query), as digest's `uri` names it. */
export function requestTarget(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
