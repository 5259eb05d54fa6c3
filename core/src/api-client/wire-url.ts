import type { TKeyValue } from './model';
import { splitUrl } from './url';

/** The URL a request is sent to: scheme, params table and percent-encoding. */

const HEX2 = /^[0-9A-Fa-f]{2}$/;

/**
 * Percent-encodes what `isAllowed` refuses, keeping `%XX` escapes already there (a URL typed
 * encoded stays as typed; `a b` becomes `a%20b`; a `%` not starting an escape becomes `%25`).
 */
function encodeUnencoded(text: string, isAllowed: (ch: string) => boolean): string {
  let out = '';
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '%' && HEX2.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) out += ch;
    else if (ch.length === 1 && isAllowed(ch)) out += ch;
    else out += encodeURIComponent(ch);
  }
  return out;
}

// RFC 3986 unreserved and sub-delimiters, and what each part may hold besides.
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const PATH_CHARS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
const QUERY_TEXT_CHARS = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
/** One param row: `&` and `#` would split or end the query, so they are encoded. */
const PARAM_VALUE_CHARS = /[A-Za-z0-9\-._~!$'()*+,;=:@/?]/;
const PARAM_KEY_CHARS = /[A-Za-z0-9\-._~!$'()*+,;:@/?]/;

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The URL sent: `http://` added when no scheme is typed (as Postman and curl do), the query
 * from the enabled params rows (the table is authoritative when it has rows; a request with
 * none keeps the URL's own query), unencoded characters encoded, the fragment dropped.
 */
export function wireUrl(
  url: string,
  params: readonly TKeyValue[],
): { ok: true; url: string } | { ok: false; message: string } {
  const typed = url.trim();
  if (typed === '') return { ok: false, message: 'Enter a URL to send the request to.' };
  const withScheme = SCHEME.test(typed) ? typed : `http://${typed}`;
  const { base, query } = splitUrl(withScheme);
  const schemeEnd = base.indexOf('://') + 3;
  const pathAt = base.indexOf('/', schemeEnd);
  const origin = pathAt === -1 ? base : base.slice(0, pathAt);
  const path = pathAt === -1 ? '' : encodeUnencoded(base.slice(pathAt), (c) => PATH_CHARS.test(c));
  let queryText: string | null;
  if (params.length > 0) {
    const pairs = params
      .filter((p) => p.enabled && (p.key !== '' || p.value !== ''))
      .map((p) => {
        const key = encodeUnencoded(p.key, (c) => PARAM_KEY_CHARS.test(c));
        const value = encodeUnencoded(p.value, (c) => PARAM_VALUE_CHARS.test(c));
        return p.value === '' ? key : `${key}=${value}`;
      });
    queryText = pairs.length > 0 ? pairs.join('&') : null;
  } else {
    queryText =
      query === null || query === ''
        ? null
        : encodeUnencoded(query, (c) => QUERY_TEXT_CHARS.test(c));
  }
  const full = `${origin}${path}${queryText === null ? '' : `?${queryText}`}`;
  let parsed: URL;
  try {
    parsed = new URL(full);
  } catch {
    return { ok: false, message: `The URL is not valid: ${url.slice(0, 200)}` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, message: 'Only http:// and https:// URLs can be sent.' };
  }
  if (/[{}%]/.test(parsed.hostname)) {
    return { ok: false, message: `The host “${decodeHost(parsed.hostname)}” is not valid.` };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, message: 'Put credentials in the Auth tab, not in the URL.' };
  }
  return { ok: true, url: parsed.href };
}

function decodeHost(host: string): string {
  try {
    return decodeURIComponent(host);
  } catch {
    return host;
  }
}

/** `url` with one more query pair, both sides encoded as a params row would be. */
export function appendQueryParam(url: string, key: string, value: string): string {
  const pair = `${encodeUnencoded(key, (c) => UNRESERVED.test(c))}=${encodeUnencoded(value, (c) => UNRESERVED.test(c))}`;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const sep = beforeHash.includes('?') ? (/[?&]$/.test(beforeHash) ? '' : '&') : '?';
  return `${beforeHash}${sep}${pair}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}
