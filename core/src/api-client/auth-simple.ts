import type { TAuth } from './model';
import { toBase64, utf8Bytes } from './bytes';
import { setHeader, type TWireRequest } from './wire';
import { appendQueryParam } from './wire-url';

/**
 * The auth kinds every plan has (basic, bearer, API key), applied to a wire request. OAuth 2.0,
 * AWS Signature v4 and digest need the network or a signer and are applied by the server.
 * Auth wins over a header of the same name typed in the headers table: it is the explicit choice.
 */

/** Where the credentials went, so what is shown back (`sent`) can mask them. */
export interface TAuthSecrets {
  /** Header names whose values are credentials. */
  headers: string[];
  /** Query parameter names whose values are credentials. */
  query: string[];
}

export const noSecrets = (): TAuthSecrets => ({ headers: [], query: [] });

/** RFC 7617: `Basic base64(user ":" password)`, UTF-8. */
export function basicCredentials(username: string, password: string): string {
  return `Basic ${toBase64(utf8Bytes(`${username}:${password}`))}`;
}

/**
 * Applies none, basic, bearer or API key to `wire` (a copy is answered). Other kinds answer
 * `undefined`: the caller applies them.
 */
export function applySimpleAuth(
  wire: TWireRequest,
  auth: TAuth,
): { wire: TWireRequest; secrets: TAuthSecrets } | undefined {
  const out: TWireRequest = { ...wire, headers: { ...wire.headers } };
  switch (auth.type) {
    case 'none':
    case 'inherit':
      return { wire: out, secrets: noSecrets() };
    case 'basic':
      setHeader(out.headers, 'Authorization', basicCredentials(auth.username, auth.password));
      return { wire: out, secrets: { headers: ['Authorization'], query: [] } };
    case 'bearer': {
      const prefix = auth.prefix.trim();
      setHeader(out.headers, 'Authorization', prefix ? `${prefix} ${auth.token}` : auth.token);
      return { wire: out, secrets: { headers: ['Authorization'], query: [] } };
    }
    case 'apikey':
      if (auth.key.trim() === '') return { wire: out, secrets: noSecrets() };
      if (auth.in === 'query') {
        out.url = appendQueryParam(out.url, auth.key, auth.value);
        return { wire: out, secrets: { headers: [], query: [auth.key] } };
      }
      setHeader(out.headers, auth.key.trim(), auth.value);
      return { wire: out, secrets: { headers: [auth.key.trim()], query: [] } };
    default:
      return undefined;
  }
}

const MASK = '••••••';

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
/** Credentials headers are masked even when typed by hand in the headers table. */
const ALWAYS_MASKED = ['authorization', 'proxy-authorization', 'x-amz-security-token'];

/**
 * The request as shown back to the browser: credential values replaced by a mask (the scheme
 * word of an Authorization header is kept, so "Bearer ••••••" still says what was sent).
 */
export function maskSent(
  wire: Pick<TWireRequest, 'method' | 'url' | 'headers'>,
  secrets: TAuthSecrets,
): { method: string; url: string; headers: Record<string, string> } {
  const masked = new Set([...ALWAYS_MASKED, ...secrets.headers.map((h) => h.toLowerCase())]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(wire.headers)) {
    if (!masked.has(name.toLowerCase())) headers[name] = value;
    else {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      headers[name] =
        name.toLowerCase().endsWith('authorization') && scheme ? `${scheme} ${MASK}` : MASK;
    }
  }
  let url = wire.url;
  if (secrets.query.length > 0) {
    try {
      const parsed = new URL(wire.url);
      const names = new Set(secrets.query);
      const pairs = parsed.search
        .slice(1)
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          const key = eq === -1 ? pair : pair.slice(0, eq);
          return names.has(safeDecode(key)) ? `${key}=${MASK}` : pair;
        });
      url = `${parsed.origin}${parsed.pathname}?${pairs.join('&')}`;
    } catch {
      url = wire.url;
    }
  }
  return { method: wire.method, url, headers };
}
