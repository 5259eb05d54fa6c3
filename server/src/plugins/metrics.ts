import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { TApiError } from '@stratum/core/contract/common';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics on `GET /metrics`: process metrics and request durations by route. Opt-in
 * (METRICS_TOKEN): only a scraper sending `Authorization: Bearer <token>` reads them, since
 * route names, rates and process figures tell an attacker what runs and how busy it is.
 */
export function registerMetrics(app: FastifyInstance, token: string): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      const body: TApiError = {
        success: false,
        code: 'auth/unauthorized',
        message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>',
      };
      return reply.status(401).header('www-authenticate', 'Bearer').send(body);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
