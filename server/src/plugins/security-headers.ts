import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers, computed once at start-up and set on every reply. @fastify/helmet rebuilds
 * the helmet middleware (and re-parses the CSP) on every request, which cost ~12% of the CPU of
 * an authenticated API call (docs/decisions/0003-security-headers-computed-once.md).
 */
export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  middleware({} as never, res as never, () => undefined);
  return headers;
}

/**
 * JSON answers are never rendered as documents, so the API gets the short set the OWASP REST
 * Security Cheat Sheet recommends instead of the page headers (a third of the bytes of a small
 * answer; socket writes dominate the profile of an authenticated call).
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

let pageHeaders: Record<string, string> | undefined;
/** The page headers (CSP for the web app), computed on first use. */
export function getPageHeaders(): Record<string, string> {
  pageHeaders ??= computeSecurityHeaders();
  return pageHeaders;
}

/** Turns an API path's headers into the page's, for the web app served under /api. */
export function usePageHeaders(reply: FastifyReply): void {
  for (const name of Object.keys(API_HEADERS)) void reply.removeHeader(name);
  void reply.headers(getPageHeaders());
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const page = getPageHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? API_HEADERS : page);
    done();
  });
}
