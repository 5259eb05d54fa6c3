import type { FastifyInstance } from 'fastify';
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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = computeSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? API_HEADERS : pageHeaders);
    done();
  });
}
