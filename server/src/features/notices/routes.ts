import type { FastifyInstance } from 'fastify';
import { createNotice } from '@stratum/core/contract/notices/create-notice';
import { deleteNotice } from '@stratum/core/contract/notices/delete-notice';
import { dismissSiteNotice } from '@stratum/core/contract/notices/dismiss-site-notice';
import { getSiteNotices } from '@stratum/core/contract/notices/get-site-notices';
import { listAllNotices } from '@stratum/core/contract/notices/list-all-notices';
import { updateNotice } from '@stratum/core/contract/notices/update-notice';
import { NOTICE_MSG } from '@stratum/core/notices';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { NoticeService } from './service';

export function registerNoticeRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  const service = new NoticeService(db);

  addRoute(app, authenticate, getSiteNotices, async ({ auth }) => {
    const { notices, dismissed } = await service.forUser(auth.user.id);
    return { data: notices, dismissed, message: NOTICE_MSG.loaded(notices.length) };
  });

  addRoute(app, authenticate, dismissSiteNotice, async ({ auth, params, request }) => {
    await service.dismiss(actorOf(auth, request), params.id);
    return { message: NOTICE_MSG.dismissed };
  });

  addRoute(app, authenticate, listAllNotices, async ({ auth }) => {
    requireStaff(auth, 'notices.read');
    return { data: { items: await service.all() } };
  });

  addRoute(app, authenticate, createNotice, async ({ auth, body, request }) => {
    requireStaff(auth, 'notices.manage');
    return { data: { notice: await service.create(body, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, updateNotice, async ({ auth, params, body, request }) => {
    requireStaff(auth, 'notices.manage');
    return { data: { notice: await service.update(params.id, body, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, deleteNotice, async ({ auth, params, request }) => {
    requireStaff(auth, 'notices.manage');
    await service.delete(params.id, actorOf(auth, request));
    return { message: 'Notice deleted' };
  });
}
