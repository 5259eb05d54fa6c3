import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { deleteMailingConfig } from '@stratum/core/contract/system-config/delete-mailing-config';
import { getMailingConfig } from '@stratum/core/contract/system-config/get-mailing-config';
import { saveMailingConfig } from '@stratum/core/contract/system-config/save-mailing-config';
import { testDatabase } from '@stratum/core/contract/system-config/test-database';
import { testMailingConfig } from '@stratum/core/contract/system-config/test-mailing-config';
import { actorOf, writeAudit } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { testDatabase as runDatabaseTest } from './database-test';
import { MailingService, type MailingDeps } from './mailing-service';

/** Registers the routes and applies a stored, enabled mailing configuration to the mailer. */
export async function registerSystemConfigRoutes(
  app: FastifyInstance,
  deps: MailingDeps & { log: Logger },
  authenticate: Authenticator,
): Promise<void> {
  const mailing = new MailingService(deps);
  await mailing.apply().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'stored mailing configuration not applied');
  });

  addRoute(app, authenticate, testDatabase, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    const result = await runDatabaseTest(body);
    await writeAudit(deps.db, actorOf(auth, request), {
      action: 'system.database.test',
      targetType: 'database',
      targetId: null,
      after: {
        server: body.server,
        port: body.port,
        database: body.database,
        user: body.user,
        ssl: body.ssl,
        isConnected: result.isConnected,
      },
    });
    return { data: result };
  });

  addRoute(app, authenticate, getMailingConfig, async ({ auth }) => {
    requireStaff(auth, 'system.manage');
    return { data: await mailing.view() };
  });

  addRoute(app, authenticate, saveMailingConfig, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    return { data: await mailing.save(body, actorOf(auth, request)) };
  });

  addRoute(app, authenticate, deleteMailingConfig, async ({ auth, request }) => {
    requireStaff(auth, 'system.manage');
    return { data: await mailing.remove(actorOf(auth, request)) };
  });

  addRoute(app, authenticate, testMailingConfig, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    return { data: await mailing.test(body.to ?? auth.user.email, actorOf(auth, request)) };
  });
}
