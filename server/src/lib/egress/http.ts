import { isIP } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { EgressRefusedError, type EgressPolicy } from './policy';

export interface EgressRequest {
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole exchange, redirects included. Default 15 s. */
  timeoutMs?: number;
  /** The largest body read; past it the exchange fails. Default 5 MiB. */
  maxBytes?: number;
  /** Default 5; each hop is checked again. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface EgressResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: string[];
}

export class EgressLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EgressLimitError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin they were meant for. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** An undici dispatcher whose every connection goes through the egress policy's check. */
export function checkedAgent(policy: EgressPolicy, connectTimeoutMs = 10_000): Agent {
  const connect = buildConnector({ timeout: connectTimeoutMs });
  return new Agent({
    connect: (options, callback) => {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      policy.check(options.hostname, port).then(
        (target) =>
          connect(
            {
              ...options,
              hostname: target.ip.address,
              // TLS verifies the certificate against the name that was asked for.
              ...(isIP(target.host) === 0 && { servername: options.servername ?? target.host }),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/**
 * An HTTP(S) request on a user's behalf: every connection goes to an address the policy checked,
 * redirects are followed by hand and each hop is checked again, the body is capped and the
 * whole exchange has a time limit.
 */
export async function egressFetch(
  policy: EgressPolicy,
  url: string | URL,
  options: EgressRequest = {},
): Promise<EgressResponse> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const agent = checkedAgent(policy);
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
          `${current.protocol} is not allowed`,
        );
      }
      const response = await request(current, { dispatcher: agent, method, headers, body, signal });
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (redirects.length >= maxRedirects) {
          throw new EgressLimitError(`More than ${maxRedirects} redirects`);
        }
        const next = new URL(location, current);
        if (next.origin !== current.origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
          );
        }
        if (response.statusCode === 303 || (response.statusCode <= 302 && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        redirects.push(next.toString());
        current = next;
        continue;
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        body: await readCapped(response.body, maxBytes),
        url: current.toString(),
        redirects,
      };
    }
  } finally {
    await agent.close().catch(() => undefined);
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      body.destroy();
      throw new EgressLimitError(`The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
