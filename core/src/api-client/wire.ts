import type { TApiRequest, TAuth, TKeyValue, TRequestBody } from './model';
import { splitUrl } from './url';
import { substitute, type TVariableScope } from './variables';

/**
 * From the editor's request to the bytes sent (issue 12 §3): `{{variables}}` substituted in
 * every text field, the params table put into the URL, bodies serialised with their content
 * type. Pure and isomorphic: the server runs it before sending, the web before showing a
 * preview, the snippet generator before handing the request to httpsnippet.
 */

/** What the proxy sends: one header value per name (repeated rows are joined, RFC 9110 §5.3). */
export interface TWireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
}

export type TWireBuild =
  | { ok: true; wire: TWireRequest; missing: string[] }
  | { ok: false; message: string; missing: string[] };

// ---------------------------------------------------------------- bytes (no Buffer in core)

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** Base64 of `bytes`, in chunks so a 10 MiB body does not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The bytes of base64 text (whitespace ignored); invalid text throws. */
export function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The body as bytes, whichever encoding it travels in. */
export function wireBodyBytes(wire: Pick<TWireRequest, 'body' | 'bodyEncoding'>): Uint8Array {
  if (wire.body === undefined) return new Uint8Array();
  return wire.bodyEncoding === 'base64' ? fromBase64(wire.body) : utf8Bytes(wire.body);
}

// ---------------------------------------------------------------- headers, case-insensitive

export function headerName(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(headers).find((k) => k.toLowerCase() === lower);
}

export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  const key = headerName(headers, name);
  return key === undefined ? undefined : headers[key];
}

/** Sets `name`, replacing any spelling of it already there. */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const key = headerName(headers, name);
  if (key !== undefined) delete headers[key];
  headers[name] = value;
}

// ---------------------------------------------------------------- substitution

/** Every text field of the request (auth included) with `{{variables}}` replaced. */
export function resolveRequest(
  request: TApiRequest,
  scopes: readonly TVariableScope[],
): { request: TApiRequest; missing: string[] } {
  const missing: string[] = [];
  const sub = (text: string) => {
    const r = substitute(text, scopes);
    for (const name of r.missing) if (!missing.includes(name)) missing.push(name);
    return r.text;
  };
  const rows = (list: readonly TKeyValue[]) =>
    list.map((row) =>
      row.enabled ? { ...row, key: sub(row.key), value: sub(row.value) } : { ...row },
    );
  const resolved: TApiRequest = {
    ...request,
    url: sub(request.url),
    params: rows(request.params),
    headers: rows(request.headers),
    body: resolveBody(request.body, sub, rows),
    auth: resolveAuth(request.auth, sub),
  };
  return { request: resolved, missing };
}

function resolveBody(
  body: TRequestBody,
  sub: (text: string) => string,
  rows: (list: readonly TKeyValue[]) => TKeyValue[],
): TRequestBody {
  switch (body.mode) {
    case 'none':
      return body;
    case 'json':
      return { ...body, text: sub(body.text) };
    case 'raw':
      return { ...body, text: sub(body.text), contentType: sub(body.contentType) };
    case 'form':
      return { ...body, fields: rows(body.fields) };
    case 'multipart':
      return {
        ...body,
        parts: body.parts.map((p) => {
          if (!p.enabled) return p;
          return p.kind === 'text'
            ? { ...p, key: sub(p.key), value: sub(p.value) }
            : { ...p, key: sub(p.key), fileName: sub(p.fileName) };
        }),
      };
    case 'graphql':
      return {
        ...body,
        query: sub(body.query),
        variables: sub(body.variables),
        ...(body.operationName !== undefined && { operationName: sub(body.operationName) }),
      };
  }
}

/** Every text field of an auth, substituted (the type and enum fields are kept). */
export function resolveAuth(auth: TAuth, sub: (text: string) => string): TAuth {
  const out: Record<string, unknown> = { ...auth };
  for (const [key, value] of Object.entries(auth)) {
    if (key !== 'type' && key !== 'in' && key !== 'grant' && key !== 'clientAuth') {
      if (typeof value === 'string') out[key] = sub(value);
    }
  }
  return out as TAuth;
}

// ---------------------------------------------------------------- URL

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

// ---------------------------------------------------------------- headers and body

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex
const BAD_VALUE = /[\r\n\u0000]/;

function wireHeaders(
  rows: readonly TKeyValue[],
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  const headers: Record<string, string> = {};
  for (const row of rows) {
    if (!row.enabled) continue;
    const name = row.key.trim();
    if (name === '') continue;
    if (!TOKEN.test(name)) return { ok: false, message: `“${name}” is not a valid header name.` };
    if (BAD_VALUE.test(row.value)) {
      return { ok: false, message: `The value of header ${name} holds a line break.` };
    }
    const value = row.value.trim();
    const existing = headerName(headers, name);
    if (existing === undefined) headers[name] = value;
    else {
      const sep = name.toLowerCase() === 'cookie' ? '; ' : ', ';
      headers[existing] = `${headers[existing]}${sep}${value}`;
    }
  }
  return { ok: true, headers };
}

/** A random multipart boundary (Web Crypto exists in browsers and Node alike). */
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `----StratumBoundary${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** HTML's multipart/form-data name escaping: `"` and line breaks percent-encoded. */
const quoted = (text: string) =>
  text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

type TBody = { body?: string; bodyEncoding?: 'utf8' | 'base64'; contentType?: string };

function wireBody(
  body: TRequestBody,
  boundary: string,
): { ok: true; value: TBody } | { ok: false; message: string } {
  switch (body.mode) {
    case 'none':
      return { ok: true, value: {} };
    case 'json':
      return {
        ok: true,
        value: { body: body.text, bodyEncoding: 'utf8', contentType: 'application/json' },
      };
    case 'raw':
      return {
        ok: true,
        value: {
          body: body.text,
          bodyEncoding: 'utf8',
          ...(body.contentType.trim() !== '' && { contentType: body.contentType.trim() }),
        },
      };
    case 'form': {
      const form = new URLSearchParams();
      for (const f of body.fields) if (f.enabled && f.key !== '') form.append(f.key, f.value);
      return {
        ok: true,
        value: {
          body: form.toString(),
          bodyEncoding: 'utf8',
          contentType: 'application/x-www-form-urlencoded',
        },
      };
    }
    case 'multipart': {
      const chunks: Uint8Array[] = [];
      let hasFile = false;
      for (const part of body.parts) {
        if (!part.enabled) continue;
        let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.key)}"`;
        if (part.kind === 'text') {
          chunks.push(utf8Bytes(`${head}\r\n\r\n${part.value}\r\n`));
          continue;
        }
        hasFile = true;
        head += `; filename="${quoted(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
        let data: Uint8Array;
        try {
          data = fromBase64(part.dataBase64);
        } catch {
          return { ok: false, message: `The file of form part “${part.key}” is not valid base64.` };
        }
        chunks.push(utf8Bytes(head), data, utf8Bytes('\r\n'));
      }
      chunks.push(utf8Bytes(`--${boundary}--\r\n`));
      const bytes = concatBytes(chunks);
      const contentType = `multipart/form-data; boundary=${boundary}`;
      return {
        ok: true,
        value: hasFile
          ? { body: toBase64(bytes), bodyEncoding: 'base64', contentType }
          : { body: utf8Text(bytes), bodyEncoding: 'utf8', contentType },
      };
    }
    case 'graphql': {
      let variables: unknown;
      if (body.variables.trim() !== '') {
        try {
          variables = JSON.parse(body.variables);
        } catch {
          return { ok: false, message: 'The GraphQL variables are not valid JSON.' };
        }
        if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
          return { ok: false, message: 'The GraphQL variables must be a JSON object.' };
        }
      }
      const payload = {
        query: body.query,
        ...(variables !== undefined && { variables }),
        ...(body.operationName && { operationName: body.operationName }),
      };
      return {
        ok: true,
        value: {
          body: JSON.stringify(payload),
          bodyEncoding: 'utf8',
          contentType: 'application/json',
        },
      };
    }
  }
}

/** The wire form of an already-resolved request (see `resolveRequest`); auth is not applied. */
export function toWire(
  resolved: TApiRequest,
  options: { boundary?: string } = {},
): { ok: true; wire: TWireRequest } | { ok: false; message: string } {
  const url = wireUrl(resolved.url, resolved.params);
  if (!url.ok) return url;
  const headers = wireHeaders(resolved.headers);
  if (!headers.ok) return headers;
  const body = wireBody(resolved.body, options.boundary ?? randomBoundary());
  if (!body.ok) return body;
  const wire: TWireRequest = { method: resolved.method, url: url.url, headers: headers.headers };
  // The user's own Content-Type wins over the body's default.
  if (body.value.contentType && getHeader(wire.headers, 'content-type') === undefined) {
    wire.headers['Content-Type'] = body.value.contentType;
  }
  if (body.value.body !== undefined) {
    wire.body = body.value.body;
    wire.bodyEncoding = body.value.bodyEncoding ?? 'utf8';
  }
  return { ok: true, wire };
}

/** Substitutes every variable, then builds the wire request (auth not applied). */
export function buildWireRequest(
  request: TApiRequest,
  scopes: readonly TVariableScope[],
  options: { boundary?: string } = {},
): TWireBuild {
  const { request: resolved, missing } = resolveRequest(request, scopes);
  const built = toWire(resolved, options);
  return built.ok ? { ok: true, wire: built.wire, missing } : { ...built, missing };
}
