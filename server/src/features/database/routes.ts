import type { FastifyInstance } from 'fastify';
import { connectDatabase } from '@stratum/core/contract/database/connect-database';
import { createSchema } from '@stratum/core/contract/database/create-schema';
import { disconnectDatabase } from '@stratum/core/contract/database/disconnect-database';
import { dropSchema } from '@stratum/core/contract/database/drop-schema';
import { getDatabaseConfig } from '@stratum/core/contract/database/get-database-config';
import { listDatabaseLog } from '@stratum/core/contract/database/list-database-log';
import { runQuery } from '@stratum/core/contract/database/run-query';
import { saveDatabaseConfig } from '@stratum/core/contract/database/save-database-config';
import { testDatabase } from '@stratum/core/contract/database/test-database';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { presentLogEntry } from './presenters';
import { DatabaseService, type DatabaseDeps } from './service';

/** §7 /api/database: owner and admin only (`database.manage`), checked on every route. */
export function registerDatabaseRoutes(
  app: FastifyInstance,
  deps: DatabaseDeps,
  authenticate: Authenticator,
): void {
  const service = new DatabaseService(deps);
  app.addHook('onClose', () => service.close());

  addRoute(app, authenticate, getDatabaseConfig, async ({ auth }) => {
    requireStaff(auth, 'database.manage');
    return { data: await service.view() };
  });

  addRoute(app, authenticate, saveDatabaseConfig, async ({ auth, body, request }) => {
    requireStaff(auth, 'database.manage');
    return { data: await service.save(body, actorOf(auth, request)) };
  });

  addRoute(app, authenticate, testDatabase, async ({ auth, request }) => {
    requireStaff(auth, 'database.manage');
    return { data: await service.test(actorOf(auth, request)) };
  });

  addRoute(app, authenticate, connectDatabase, async ({ auth, request }) => {
    requireStaff(auth, 'database.manage');
    return { data: await service.connect(actorOf(auth, request)) };
  });

  addRoute(app, authenticate, disconnectDatabase, async ({ auth, request }) => {
    requireStaff(auth, 'database.manage');
    return { data: await service.disconnect(actorOf(auth, request)) };
  });

  addRoute(app, authenticate, createSchema, async ({ auth, body, request }) => {
    requireStaff(auth, 'database.manage');
    return service.createSchema(body.name, actorOf(auth, request));
  });

  addRoute(app, authenticate, dropSchema, async ({ auth, body, request }) => {
    requireStaff(auth, 'database.manage');
    return service.dropSchema(body.name, body.isCascade, actorOf(auth, request));
  });

  addRoute(app, authenticate, runQuery, async ({ auth, body, request }) => {
    requireStaff(auth, 'database.manage');
    const actor = actorOf(auth, request);
    return { data: await service.query(body.query, body.params, body.allowWrite, actor) };
  });

  addRoute(app, authenticate, listDatabaseLog, async ({ auth, query }) => {
    requireStaff(auth, 'database.manage');
    return { data: (await service.listLog(query.limit)).map(presentLogEntry) };
  });
}
