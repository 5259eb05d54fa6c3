import type { FastifyInstance } from 'fastify';
import { listAuditLog } from '@stratum/core/contract/audit/list-audit-log';
import type { Db } from '../../db/database';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentAuditEntry } from './presenters';
import { listAudit } from './repository';

/** Reading the trail; every staff feature writes it with `writeAudit` in its own transaction. */
export function registerAuditRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  addRoute(app, authenticate, listAuditLog, async ({ auth, query }) => {
    requireStaff(auth, 'audit.read');
    const { rows, total, actions } = await listAudit(db, query);
    return {
      data: {
        items: rows.map(presentAuditEntry),
        total,
        page: query.page,
        pageSize: query.pageSize,
        actions,
      },
    };
  });
}
