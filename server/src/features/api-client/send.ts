import { isUtf8 } from 'node:buffer';
import type { FastifyBaseLogger } from 'fastify';
import {
  HTTP_SEND_LIMITS,
  ZSendInput,
  type TSendInput,
  type TSendResult,
} from '@stratum/core/contract/api-client/http-send';
import {
  egressFetch,
  EgressLimitError,
  EgressRefusedError,
  type DenyList,
  type EgressPolicy,
  type EgressResponse,
} from '../../lib/egress';
import { reasonOf } from '../../lib/error-reason';
import { AppError } from '../../lib/errors';

export interface TSendDeps {
  /** The one egress policy (EGRESS_ALLOW and the admin's allow-list). */
  policy: EgressPolicy;
  /** Stratum's own port, database and Redis: refused even where an allow rule opens them. */
  deny?: DenyList;
  /** Where refused attempts are logged (warn), with `userId`; never a body or a header value. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  userId?: string;
}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) and the framing the proxy sets itself: never forwarded
 * as the user typed them. Proxy-Authorization is for a proxy, and this one takes none.
 */
const DROPPED_HEADERS = new Set([
  'connection',
  'content-length',
  'expect',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Issue 12 §4: sends one request from the server through the egress policy and answers what came
 * back — a 4xx or 5xx upstream status is an answer, not an error. Every address the name has is
 * checked, the connection goes to the checked one, each redirect (at most 10, when
 * `followRedirects`) is checked again; Stratum's own port, database and Redis are refused
 * (`deny`).
 * Errors are AppErrors: 400 invalid input, 403 `api/egress_refused`, 502 `api/upstream_failed`,
 * `api/too_many_redirects` or `api/response_too_large`, 504 `api/upstream_timeout`, 499 `api/cancelled`
 * when `signal` aborts. Never a 500. The request runner calls this for every attempt.
 */
export async function sendHttp(
  deps: TSendDeps,
  input: TSendInput,
  signal?: AbortSignal,
): Promise<TSendResult> {
  const parsed = ZSendInput.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new AppError('request/invalid', issues[0]?.message ?? 'Invalid request', { issues });
  }
  const request = parsed.data;
  const url = new URL(request.url);
  url.hash = '';
  const headers = outgoingHeaders(url, request.headers);
  const body =
    request.body === undefined ? undefined : Buffer.from(request.body, request.bodyEncoding);
  let hop = url;
  try {
    const answer = await egressFetch(deps.policy, url, {
      method: request.method,
      headers,
      body,
      timeoutMs: request.timeoutMs,
      maxBytes: HTTP_SEND_LIMITS.responseBodyBytes,
      maxRedirects: HTTP_SEND_LIMITS.maxRedirects,
      followRedirects: request.followRedirects,
      decompress: true,
      deny: deps.deny,
      signal,
      onHop: (next) => (hop = next),
    });
    return present(answer);
  } catch (error) {
    throw sendError(error, hop, request.timeoutMs, signal, deps);
  }
}

/**
 * The headers as sent: credentials in the URL become Basic auth (as curl does) unless an
 * Authorization header is given; a Host equal to the URL's is dropped, another one refused (the
 * connection goes to the URL's host, whose address was checked); hop-by-hop headers dropped.
 */
function outgoingHeaders(url: URL, given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  const named = new Set<string>();
  const connection = Object.entries(given).find(([k]) => k.toLowerCase() === 'connection')?.[1];
  for (const token of connection?.split(',') ?? []) named.add(token.trim().toLowerCase());
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    if (lower === 'host') {
      if (hostOf(value, url) !== url.host) {
        const message = `The Host header (${value}) differs from the URL's host (${url.host}); put the host in the URL`;
        throw new AppError('request/invalid', message, { issues: [{ path: 'headers', message }] });
      }
      continue;
    }
    if (DROPPED_HEADERS.has(lower) || named.has(lower)) continue;
    headers[name] = value;
  }
  if (url.username || url.password) {
    const isGiven = Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
    if (!isGiven) {
      const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      headers.Authorization = `Basic ${Buffer.from(user).toString('base64')}`;
    }
    url.username = '';
    url.password = '';
  }
  return headers;
}

/** `value` as the URL parser writes a host (lower case, default port left out). */
function hostOf(value: string, url: URL): string | null {
  try {
    return new URL(`${url.protocol}//${value.trim()}`).host;
  } catch {
    return null;
  }
}

function present(answer: EgressResponse): TSendResult {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.map(headerText) : headerText(value);
  }
  const isText = isTextual(answer.headers['content-type']) && isUtf8(answer.body);
  return {
    status: answer.status,
    headers,
    body: answer.body.toString(isText ? 'utf8' : 'base64'),
    bodyEncoding: isText ? 'utf8' : 'base64',
    size: answer.size,
    timings: answer.timings,
  };
}

/** undici reads header bytes as Latin-1; UTF-8 ones (a filename, say) are read back as UTF-8. */
function headerText(value: string): string {
  if (!/[^\u0020-\u007e\t]/.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : value;
}

const TEXT_SUBTYPES = new Set([
  'json',
  'xml',
  'javascript',
  'ecmascript',
  'x-javascript',
  'x-www-form-urlencoded',
  'graphql',
  'x-ndjson',
  'ndjson',
  'jsonl',
  'yaml',
  'x-yaml',
  'toml',
  'sql',
  'csv',
]);

/**
 * text/*, JSON, XML, YAML and their +suffix types, in UTF-8 (or no charset). No content type at
 * all counts as text: the bytes still have to be valid UTF-8. Any other charset answers base64,
 * so the page can decode it with that charset.
 */
function isTextual(contentType: string | string[] | undefined): boolean {
  if (contentType === undefined) return true;
  const value = Array.isArray(contentType) ? (contentType[0] ?? '') : contentType;
  const [essence = '', ...params] = value.toLowerCase().split(';');
  const [type = '', subtype = ''] = essence.trim().split('/');
  const charset = params
    .map((p) => p.trim().split('='))
    .find(([k]) => k === 'charset')?.[1]
    ?.replace(/"/g, '')
    .trim();
  if (charset && !['utf-8', 'utf8', 'us-ascii'].includes(charset)) return false;
  return (
    type === 'text' ||
    TEXT_SUBTYPES.has(subtype) ||
    /\+(json|xml|yaml)$/.test(subtype) ||
    (type === '' && subtype === '')
  );
}

const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EADDRNOTAVAIL: 'address not available',
  EAFNOSUPPORT: 'address family not supported',
};

const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

/** Every upstream failure as the AppError the caller answers; the message names the host. */
function sendError(
  error: unknown,
  hop: URL,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  deps: TSendDeps,
): AppError {
  if (error instanceof AppError) return error;
  const port = hop.port || (hop.protocol === 'https:' ? '443' : '80');
  const target = `${hop.hostname}:${port}`;
  if (signal?.aborted) return new AppError('api/cancelled', 'The request was cancelled');
  if (error instanceof EgressRefusedError) {
    if (error.kind === 'unresolved') {
      return new AppError('api/upstream_failed', `Could not resolve ${hop.hostname}`);
    }
    deps.log?.warn(
      { userId: deps.userId, host: hop.hostname, port: Number(port), kind: error.kind },
      'api client: egress refused',
    );
    const message = error.kind === 'scheme' ? `Redirect refused: ${error.message}` : error.message;
    return new AppError('api/egress_refused', message);
  }
  if (error instanceof EgressLimitError) {
    if (error.limit === 'redirects') {
      return new AppError(
        'api/too_many_redirects',
        `Stopped after ${HTTP_SEND_LIMITS.maxRedirects} redirects (the last one went to ${hop.href})`,
      );
    }
    if (error.limit === 'time') {
      const seconds = Math.round(timeoutMs / 100) / 10;
      return new AppError(
        'api/upstream_timeout',
        `No complete answer from ${target} within ${seconds} s`,
      );
    }
    const mib = HTTP_SEND_LIMITS.responseBodyBytes / 1024 / 1024;
    return new AppError('api/response_too_large', `Response body is larger than ${mib} MiB`);
  }
  const code = codeOf(error);
  const reason = reasonOf(rootOf(error));
  const failure = CONNECT_FAILURES[code];
  if (failure)
    return new AppError('api/upstream_failed', `Could not connect to ${target}: ${failure}`);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new AppError('api/upstream_timeout', `Could not connect to ${target}: timed out`);
  }
  if (TLS_CODE.test(code)) {
    return new AppError('api/upstream_failed', `TLS handshake with ${target} failed: ${reason}`);
  }
  if (code.startsWith('HPE_') || code === 'UND_ERR_HEADERS_OVERFLOW') {
    return new AppError('api/upstream_failed', `${target} sent an invalid HTTP answer: ${reason}`);
  }
  if (
    code.startsWith('Z_') ||
    code.startsWith('ERR_BROTLI') ||
    code === 'ERR__ERROR_FORMAT_PADDING_1'
  ) {
    return new AppError(
      'api/upstream_failed',
      `Could not decode the body from ${target}: ${reason}`,
    );
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new AppError(
      'api/upstream_failed',
      `${target} closed the connection before the answer was complete`,
    );
  }
  deps.log?.warn(
    { userId: deps.userId, host: hop.hostname, code, reason },
    'api client: send failed',
  );
  return new AppError('api/upstream_failed', `The request to ${target} failed: ${reason}`);
}

/** The innermost cause: undici wraps the socket's own error. */
function rootOf(error: unknown): unknown {
  let e = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    e = cause;
  }
  return e;
}

/** The first error code on the chain of causes (AggregateError: its first error). */
function codeOf(error: unknown): string {
  for (let e = error, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0];
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}
