import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** `GET /healthz`: 200 only while the database answers. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await Promise.race([
        sql`SELECT 1`.execute(db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return reply.send({ status: 'ok' });
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
