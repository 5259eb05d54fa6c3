import type { FastifyInstance } from 'fastify';
import { getUnreadCount } from '@stratum/core/contract/messages/get-unread-count';
import type { Db } from '../../db/database';
import { addRoute, type Authenticator } from '../../lib/route';
import { countUnread } from './repository';

/** Only what the header's bell needs; the inbox itself comes with the messages issue. */
export function registerMessagesRoutes(
  app: FastifyInstance,
  db: Db,
  authenticate: Authenticator,
): void {
  addRoute(app, authenticate, getUnreadCount, async ({ auth }) => ({
    data: { count: await countUnread(db, auth.user.id) },
  }));
}
