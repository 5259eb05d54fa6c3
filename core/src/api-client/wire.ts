import type { TApiRequest, TKeyValue } from './model';
import { fromBase64, utf8Bytes } from './bytes';
import { resolveRequest } from './resolve-request';
import type { TVariableScope } from './variables';
import { randomBoundary, wireBody } from './wire-body';
import { wireUrl } from './wire-url';

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

// ---------------------------------------------------------------- headers as sent

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
