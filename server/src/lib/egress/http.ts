import { pipeline } from 'node:stream/promises';
import type { Transform } from 'node:stream';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { checkedConnector, type ConnectionTimings, type ConnectorOptions } from './connector';
import type { DenyList } from './deny';
import { EgressRefusedError, type EgressPolicy } from './policy';

export type { ConnectionTimings } from './connector';

export interface EgressRequest {
  /** Any HTTP token; default GET. */
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Uint8Array;
  /** For the whole exchange: connections, redirects and the body read. Default 15 s. */
  timeoutMs?: number;
  /** The largest body read, decoded or not; past it the exchange fails. Default 5 MiB. */
  maxBytes?: number;
  /** Default 5; each hop is checked again. */
  maxRedirects?: number;
  /** Default true; false answers a 3xx as it is. */
  followRedirects?: boolean;
  /** Decodes a gzip, deflate or br body (Content-Encoding); default false (the raw bytes). */
  decompress?: boolean;
  /** Endpoints refused whatever the allow-lists say (Stratum's own port and database). */
  deny?: DenyList;
  /** Certificate authorities trusted instead of Node's bundle (a private CA). */
  ca?: ConnectorOptions['ca'];
  signal?: AbortSignal;
  /** Told each URL before it is requested (the first one too), so a failure can name it. */
  onHop?: (url: URL) => void;
}

/**
 * Milliseconds. dns, connect and tls are the steps of the connection that carried the answer
 * (0 when it was reused); firstByte runs from that connection being ready (or from the request,
 * on a reused one) to the answer's headers; total covers everything, redirects and body included.
 */
export interface EgressTimings {
  dnsMs: number;
  connectMs: number;
  tlsMs: number;
  firstByteMs: number;
  totalMs: number;
}

export interface EgressResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Bytes of the body as received, before content decoding. */
  size: number;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: string[];
  timings: EgressTimings;
}

/** A limit of the exchange was reached: too many redirects, a body too large, the deadline. */
export class EgressLimitError extends Error {
  constructor(
    message: string,
    readonly limit: 'redirects' | 'body' | 'time' = 'body',
  ) {
    super(message);
    this.name = 'EgressLimitError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin they were meant for. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
/** Describe the body; dropped with it when a redirect turns the request into a GET (Fetch). */
const BODY_HEADERS = new Set([
  'content-type',
  'content-encoding',
  'content-language',
  'content-location',
]);

/**
 * An undici dispatcher whose every connection goes through the egress policy's check (and the
 * deny list, when given) and connects to the checked address.
 */
export function checkedAgent(policy: EgressPolicy, options: ConnectorOptions = {}): Agent {
  return new Agent({ connect: checkedConnector(policy, options) });
}

const round = (ms: number) => Math.max(0, Math.round(ms * 100) / 100);

/**
 * An HTTP(S) request on a user's behalf: every connection goes to an address the policy checked,
 * redirects are followed by hand and each hop is checked again, the body is capped and the
 * whole exchange has a time limit. An agent per call: nothing is pooled across calls, so a
 * changed allow-list applies to the next call and no user shares another's connection.
 */
export async function egressFetch(
  policy: EgressPolicy,
  url: string | URL,
  options: EgressRequest = {},
): Promise<EgressResponse> {
  const startedAt = performance.now();
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // Connections made for the current hop; none when it reused one.
  const made: ConnectionTimings[] = [];
  const agent = new Agent({
    connect: checkedConnector(policy, {
      connectTimeoutMs: timeoutMs,
      deny: options.deny,
      ca: options.ca,
      onConnection: (t) => made.push(t),
    }),
    // The deadline above ends a stalled exchange; undici's own (300 s) never should.
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  let current = new URL(url);
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = { ...options.headers };
  const redirects: string[] = [];
  try {
    for (;;) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new EgressRefusedError(
          current.hostname,
          'scheme',
          `${current.protocol} is not allowed: only http and https`,
        );
      }
      options.onHop?.(current);
      made.length = 0;
      const hopAt = performance.now();
      const response = await request(current, {
        dispatcher: agent,
        method: method,
        headers,
        body,
        signal,
      });
      const headersAt = performance.now();
      const location = response.headers.location;
      const isFollowed = options.followRedirects ?? true;
      if (isFollowed && REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (redirects.length >= maxRedirects) {
          throw new EgressLimitError(`Stopped after ${maxRedirects} redirects`, 'redirects');
        }
        const next = new URL(location, current);
        if (next.origin !== current.origin) headers = without(headers, CREDENTIAL_HEADERS);
        const isToGet =
          (response.statusCode === 303 && method !== 'HEAD') ||
          (response.statusCode <= 302 && method === 'POST');
        if (isToGet) {
          method = 'GET';
          body = undefined;
          headers = without(headers, BODY_HEADERS);
        }
        redirects.push(next.toString());
        current = next;
        continue;
      }
      const read = await readCapped(response, method, maxBytes, options.decompress ?? false);
      const connection = made.at(-1);
      const ready = connection?.readyAt ?? hopAt;
      return {
        status: response.statusCode,
        headers: response.headers,
        body: read.body,
        size: read.size,
        url: current.toString(),
        redirects,
        timings: {
          dnsMs: round(connection?.dnsMs ?? 0),
          connectMs: round(connection?.connectMs ?? 0),
          tlsMs: round(connection?.tlsMs ?? 0),
          firstByteMs: round(headersAt - ready),
          totalMs: round(performance.now() - startedAt),
        },
      };
    }
  } catch (error) {
    if (timeout.aborted && !options.signal?.aborted) {
      throw new EgressLimitError(`No complete answer within ${timeoutMs} ms`, 'time');
    }
    throw error;
  } finally {
    // destroy, not close: a connection still being made or a body not read must not linger.
    await agent.destroy().catch(() => undefined);
  }
}

function without<T extends Record<string, unknown>>(headers: T, names: ReadonlySet<string>): T {
  return Object.fromEntries(
    Object.entries(headers).filter(([k]) => !names.has(k.toLowerCase())),
  ) as T;
}

function decoderFor(encoding: unknown): Transform | undefined {
  if (typeof encoding !== 'string') return undefined;
  // Truncated streams are read as far as they go, as browsers and curl do.
  const flush = { flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH };
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip(flush);
    case 'deflate':
      return createInflate(flush);
    case 'br':
      return createBrotliDecompress({
        flush: zlib.BROTLI_OPERATION_FLUSH,
        finishFlush: zlib.BROTLI_OPERATION_FLUSH,
      });
    default:
      return undefined;
  }
}

const hasNoBody = (method: string, status: number) =>
  method === 'HEAD' || status === 204 || status === 304 || status < 200;

async function readCapped(
  response: Dispatcher.ResponseData,
  method: string,
  maxBytes: number,
  isDecoded: boolean,
): Promise<{ body: Buffer; size: number }> {
  const tooLarge = () => new EgressLimitError(`The answer is larger than ${maxBytes} bytes`);
  const isEmpty = hasNoBody(method, response.statusCode);
  const declared = Number(response.headers['content-length']);
  const decoder =
    isDecoded && !isEmpty ? decoderFor(response.headers['content-encoding']) : undefined;
  if (!decoder && !isEmpty && declared > maxBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = 0;
  const keep = (chunk: Buffer) => {
    kept += chunk.length;
    if (kept > maxBytes) throw tooLarge();
    chunks.push(chunk);
  };
  if (!decoder) {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      keep(chunk);
    }
    return { body: Buffer.concat(chunks), size };
  }
  await pipeline(
    response.body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge();
        yield chunk;
      }
    },
    decoder,
    async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) keep(chunk);
    },
  );
  return { body: Buffer.concat(chunks), size };
}
