import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { exportAuditLog, exportMyAudit } from '@stratum/core/contract/audit/export-audit';
import { listAuditLog } from '@stratum/core/contract/audit/list-audit-log';
import { listMyAudit } from '@stratum/core/contract/audit/list-my-audit';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator, type RequestAuth } from '../../lib/route';
import { auditCsvStream } from './csv';
import { presentAuditEntry } from './presenters';
import { listAudit, streamAudit, type AuditScope } from './repository';

const EXPORTS_PER_MINUTE = 10;

/**
 * Reading the trail: your own (`/api/audit`) and everyone's for staff (`/api/admin/audit`),
 * each as pages and as a CSV of every matching entry. Every feature writes it with
 * `writeAudit` in its own transaction; there is no route that edits or deletes an entry.
 */
export function registerAuditRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  const page = async (scope: AuditScope, query: z.output<typeof listAuditLog.querystring>) => {
    const { rows, total, actions, targetTypes } = await listAudit(db, scope, query);
    return {
      data: {
        items: rows.map(presentAuditEntry),
        total,
        page: query.page,
        pageSize: query.pageSize,
        actions,
        targetTypes,
      },
    };
  };

  addRoute(app, authenticate, listAuditLog, async ({ auth, query }) => {
    requireStaff(auth, 'audit.read');
    return page({ kind: 'everyone' }, query);
  });

  addRoute(app, authenticate, listMyAudit, ({ auth, query }) =>
    page({ kind: 'own', userId: auth.user.id }, query),
  );

  const csvRoute = (
    endpoint: typeof exportMyAudit | typeof exportAuditLog,
    scopeOf: (auth: RequestAuth) => AuditScope,
    fileName: string,
  ) =>
    app.get(
      endpoint.path,
      {
        // Each export reads the whole filtered trail: a few a minute per client is plenty.
        config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          summary: endpoint.summary,
          tags: ['audit'],
          security: [{ bearerAuth: [] }],
          querystring: endpoint.querystring,
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const auth = await authenticate(request);
        if (!auth) {
          throw new AppError(
            'auth/unauthorized',
            'Your session has expired or is invalid. Please sign in again.',
          );
        }
        const scope = scopeOf(auth);
        const filters = endpoint.querystring.parse(request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(auditCsvStream(streamAudit(db, scope, filters)));
      },
    );

  csvRoute(exportMyAudit, (auth) => ({ kind: 'own', userId: auth.user.id }), 'audit-trail.csv');
  csvRoute(
    exportAuditLog,
    (auth) => {
      requireStaff(auth, 'audit.read');
      return { kind: 'everyone' };
    },
    'audit-trail-all.csv',
  );
}
