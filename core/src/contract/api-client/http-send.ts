import { z } from 'zod';
import { API_LIMITS } from '../../api-client/model';
import { defineEndpoint } from '../endpoint';

/** Limits of the API client's proxy (issue 12 §4–§6): enforced by the server, shown by the page. */
export const HTTP_SEND_LIMITS = {
  /** The request body, decoded (base64 bodies are a third larger on the wire). */
  requestBodyBytes: API_LIMITS.requestBodyBytes,
  /** The response body, decoded; past it the answer is a 502 `api/response_too_large`. */
  responseBodyBytes: API_LIMITS.responseBodyBytes,
  defaultTimeoutMs: API_LIMITS.defaultTimeoutMs,
  maxTimeoutMs: API_LIMITS.maxTimeoutMs,
  /** Redirects followed; the next one answers 502 `api/too_many_redirects`. */
  maxRedirects: API_LIMITS.maxRedirects,
  urlLength: API_LIMITS.urlChars,
  headerCount: 100,
  /** Names and values together. */
  headerBytes: 64 * 1024,
  /** Sends per user per minute, across processes. */
  sendsPerMinute: 120,
  /** Sends one user may have waiting for an answer at once, per server process. */
  inFlightPerUser: 4,
} as const;

/** An RFC 9110 token: what a method or a header name may be. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value as HTTP/1.1 carries it: no CR, LF, NUL or other controls besides tab. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 text of the largest body (what the route's body limit must let through). */
export const MAX_BASE64_BODY_LENGTH = Math.ceil(HTTP_SEND_LIMITS.requestBodyBytes / 3) * 4;

/** UTF-8 length of a string, without a Buffer (core runs in the browser too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes that base64 text stands for; null when it is not base64 (standard alphabet). */
export function base64Length(text: string): number | null {
  if (text.length % 4 === 1 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (padding > 0 && text.length % 4 !== 0) return null;
  return Math.floor(((text.length - padding) * 3) / 4);
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const isParseable = (text: string) => URL.canParse(text);

export const ZSendInput = z
  .object({
    /** Any HTTP token, sent upper-cased; CONNECT (a tunnel) is not a request the proxy makes. */
    method: z
      .string()
      .min(1, 'Enter a method')
      .max(32)
      .regex(TOKEN, "A method is letters, digits and !#$%&'*+-.^_`|~ only")
      .overwrite((m) => m.toUpperCase())
      .refine((m) => m !== 'CONNECT', 'CONNECT is not supported'),
    url: z
      .string()
      .max(HTTP_SEND_LIMITS.urlLength)
      .refine(isParseable, 'Enter a full URL, such as https://api.example.com/items')
      .refine(isWebUrl, 'Only http and https URLs can be sent'),
    /**
     * Sent as given, except: Host must be the URL's own (the proxy connects to the URL's host;
     * another Host is refused), and the framing and hop-by-hop headers the proxy sets itself
     * (Content-Length, Transfer-Encoding, Connection and the headers it names, Keep-Alive, TE,
     * Trailer, Upgrade, Proxy-Connection, Proxy-Authorization, Expect) are dropped.
     */
    headers: z
      .record(
        z.string().max(256),
        z
          .string()
          .regex(
            HEADER_VALUE,
            'A header value is Latin-1 text without line breaks or other controls',
          ),
      )
      .superRefine((headers, ctx) => {
        const names = Object.keys(headers);
        const bad = names.find((name) => !TOKEN.test(name));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [bad],
            message: `"${bad}" is not a header name: letters, digits and !#$%&'*+-.^_\`|~ only`,
          });
        }
        if (names.length > HTTP_SEND_LIMITS.headerCount) {
          ctx.addIssue({
            code: 'custom',
            message: `At most ${HTTP_SEND_LIMITS.headerCount} headers`,
          });
        }
        const bytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
        if (bytes > HTTP_SEND_LIMITS.headerBytes) {
          ctx.addIssue({
            code: 'custom',
            message: `Headers may take at most ${HTTP_SEND_LIMITS.headerBytes / 1024} KiB`,
          });
        }
      }),
    body: z.string().max(MAX_BASE64_BODY_LENGTH).optional(),
    bodyEncoding: z.enum(['utf8', 'base64']).default('utf8'),
    /** For the whole exchange: DNS, connections, redirects and the body. */
    timeoutMs: z
      .number()
      .int()
      .min(1)
      .max(HTTP_SEND_LIMITS.maxTimeoutMs)
      .default(HTTP_SEND_LIMITS.defaultTimeoutMs),
    /** Up to 10 redirects, each checked again; false answers the 3xx itself. */
    followRedirects: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.body === undefined) return;
    const bytes =
      input.bodyEncoding === 'base64' ? base64Length(input.body) : utf8Length(input.body);
    if (bytes === null) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'The body is not valid base64' });
    } else if (bytes > HTTP_SEND_LIMITS.requestBodyBytes) {
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `The body may be at most ${HTTP_SEND_LIMITS.requestBodyBytes / 1024 / 1024} MiB`,
      });
    }
  });
/** What a caller passes (defaults not yet applied). */
export type TSendInput = z.input<typeof ZSendInput>;

export const ZSendTimings = z.object({
  /** Resolving the name and checking every address it has; 0 on a reused connection. */
  dnsMs: z.number().nonnegative(),
  /** The TCP handshake; 0 on a reused connection. */
  connectMs: z.number().nonnegative(),
  /** The TLS handshake; 0 for http and on a reused connection. */
  tlsMs: z.number().nonnegative(),
  /** From the connection being ready (or the request, on a reused one) to the answer's headers. */
  firstByteMs: z.number().nonnegative(),
  /** The whole exchange, redirects and the body read included. */
  totalMs: z.number().nonnegative(),
});

/** What the upstream server answered; a 4xx or 5xx status is an answer like any other. */
export const ZSendResult = z.object({
  status: z.number().int(),
  /**
   * Lower-case names. A header received once is a string; one received more than once
   * (Set-Cookie, say) is an array of its values in the order they came.
   */
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Decoded (gzip, deflate, br) as a browser would. */
  body: z.string(),
  /** utf8 when the content type is textual (or absent) and the bytes valid UTF-8; else base64. */
  bodyEncoding: z.enum(['utf8', 'base64']),
  /** Bytes of the body received, before content decoding. */
  size: z.number().int().nonnegative(),
  timings: ZSendTimings,
});
export type TSendResult = z.infer<typeof ZSendResult>;

export const ZSendResponse = z.object({ success: z.literal(true), data: ZSendResult });

/**
 * Issue 12 §4: sends one HTTP request from the server through the egress policy and answers
 * what came back, whatever its status. 403 `api/egress_refused` when the address is refused;
 * 502 `api/upstream_failed` (unreachable, DNS, TLS), `api/too_many_redirects`,
 * `api/response_too_large`; 504 `api/upstream_timeout`; 429 past 120 sends a minute.
 */
export const sendHttpRequest = defineEndpoint({
  method: 'POST',
  path: '/api/http/send',
  summary: 'Send an HTTP request from the server (API client proxy)',
  auth: true,
  body: ZSendInput,
  response: ZSendResponse,
  audit: { exempt: 'an API-client send: the request leaves through the proxy; nothing is saved' },
});
