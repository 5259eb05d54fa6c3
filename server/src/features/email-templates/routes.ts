import type { FastifyInstance } from 'fastify';
import { listEmailTemplates } from '@stratum/core/contract/email-templates/list-email-templates';
import { previewEmailTemplate } from '@stratum/core/contract/email-templates/preview-email-template';
import { resetEmailTemplate } from '@stratum/core/contract/email-templates/reset-email-template';
import { updateEmailTemplate } from '@stratum/core/contract/email-templates/update-email-template';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import type { Mailer } from '../../lib/mail/mailer';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { EmailTemplateService } from './service';

/** Registers the routes and points the mailer at the edited templates. */
export function registerEmailTemplateRoutes(
  app: FastifyInstance,
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  authenticate: Authenticator,
): void {
  const service = new EmailTemplateService(deps.db, deps.publicUrl);
  deps.mailer.useTemplates(service.resolver);

  addRoute(app, authenticate, listEmailTemplates, async ({ auth }) => {
    requireStaff(auth, 'templates.read');
    return { data: { items: await service.list() } };
  });

  addRoute(app, authenticate, updateEmailTemplate, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'templates.manage');
    return { data: { template: await service.update(params.id, body, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, resetEmailTemplate, async ({ auth, params, request }) => {
    requireStaff(auth, 'templates.manage');
    return { data: { template: await service.reset(params.id, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, previewEmailTemplate, async ({ auth, params, body }) => {
    requireStaff(auth, 'templates.read');
    return { data: await service.preview(params.id, body) };
  });
}
