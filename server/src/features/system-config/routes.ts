import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { deleteMailingConfig } from '@stratum/core/contract/system-config/delete-mailing-config';
import {
  getEgressAllowList,
  saveEgressAllowList,
} from '@stratum/core/contract/system-config/egress-allow-list';
import { getMailingConfig } from '@stratum/core/contract/system-config/get-mailing-config';
import { saveMailingConfig } from '@stratum/core/contract/system-config/save-mailing-config';
import { testMailingConfig } from '@stratum/core/contract/system-config/test-mailing-config';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import type { EgressPolicy } from '../../lib/egress';
import { addRoute, type Authenticator } from '../../lib/route';
import { EgressSettings } from './egress-settings';
import { MailingService, type MailingDeps } from './mailing-service';

/** Registers the routes and applies a stored, enabled mailing configuration to the mailer. */
export async function registerSystemConfigRoutes(
  app: FastifyInstance,
  deps: MailingDeps & { log: Logger; egress: EgressPolicy; config: Config },
  authenticate: Authenticator,
): Promise<void> {
  const mailing = new MailingService(deps);
  await mailing.apply().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'stored mailing configuration not applied');
  });

  const egress = new EgressSettings({ ...deps, environment: deps.config.egressAllow });
  await egress.apply().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'stored egress allow-list not applied');
  });

  addRoute(app, authenticate, getEgressAllowList, async ({ auth }) => {
    requireStaff(auth, 'system.manage');
    return { data: await egress.view() };
  });

  addRoute(app, authenticate, saveEgressAllowList, async ({ auth, body, request }) => {
    requireStaff(auth, 'system.manage');
    return { data: await egress.save(body.allowList, actorOf(auth, request)) };
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
