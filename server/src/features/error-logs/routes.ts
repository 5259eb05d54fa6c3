import type { FastifyInstance } from 'fastify';
import { clearErrorLogs } from '@stratum/core/contract/error-logs/clear-error-logs';
import { listErrorLogs } from '@stratum/core/contract/error-logs/list-error-logs';
import { reportError } from '@stratum/core/contract/error-logs/report-error';
import type { Db } from '../../db/database';
import { actorOf, writeAudit } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentErrorLog } from './presenters';
import * as repo from './repository';

/** A page in a crash loop reports fast; more than one a second from one address is noise. */
const REPORTS_PER_MINUTE = 60;
/** Prune after about this many reports per process. */
const PRUNE_EVERY = 200;

export function registerErrorLogRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  let sincePrune = 0;

  addRoute(
    app,
    authenticate,
    reportError,
    async ({ body, request }) => {
      // Signed-in reports name their user; a bad or missing token still reports anonymously.
      const auth = await authenticate(request);
      await repo.insertReport(db, body, { userId: auth?.user.id ?? null, ip: request.ip });
      sincePrune += 1;
      if (sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        await repo.prune(db, repo.ERROR_LOGS_KEPT);
      }
      return { message: 'Error reported' };
    },
    { rateLimitPerMinute: REPORTS_PER_MINUTE },
  );

  addRoute(app, authenticate, listErrorLogs, async ({ auth, query }) => {
    requireStaff(auth, 'errorLogs.read');
    const { rows, total, components } = await repo.listReports(db, query);
    return {
      data: {
        items: rows.map(presentErrorLog),
        total,
        page: query.page,
        pageSize: query.pageSize,
        components,
      },
    };
  });

  addRoute(app, authenticate, clearErrorLogs, async ({ auth, query, request }) => {
    requireStaff(auth, 'errorLogs.clear');
    const deleted = await db.transaction().execute(async (trx) => {
      const count = await repo.clear(trx, query.before);
      await writeAudit(trx, actorOf(auth, request), {
        action: 'errorLogs.clear',
        targetType: 'error_log',
        targetId: null,
        before: { count, before: query.before ?? null },
      });
      return count;
    });
    return { data: { deleted } };
  });
}
