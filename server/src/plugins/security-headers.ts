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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
