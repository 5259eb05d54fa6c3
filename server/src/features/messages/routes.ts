import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteMessage } from '@stratum/core/contract/messages/delete-message';
import { getMessage } from '@stratum/core/contract/messages/get-message';
import { getUnreadCount } from '@stratum/core/contract/messages/get-unread-count';
import { listMessages } from '@stratum/core/contract/messages/list-messages';
import { markAllRead } from '@stratum/core/contract/messages/mark-all-read';
import { markMessage } from '@stratum/core/contract/messages/mark-message';
import { sendMessage } from '@stratum/core/contract/messages/send-message';
import type { Db } from '../../db/database';
import { actorOf } from '../../lib/audit';
import { addRoute, type Authenticator, type RequestAuth } from '../../lib/route';
import type { SharedState } from '../../lib/shared-state';
import { MessageService } from './service';

/** The inbox and sent box of every signed-in user, and the unread count the bell polls. */
export function registerMessagesRoutes(
  app: FastifyInstance,
  deps: { db: Db; shared: SharedState },
  authenticate: Authenticator,
): MessageService {
  const service = new MessageService(deps.db, deps.shared);

  addRoute(app, authenticate, getUnreadCount, async ({ auth }) => ({
    data: { count: await service.countUnread(auth.user.id) },
  }));

  addRoute(app, authenticate, listMessages, async ({ auth, query }) => ({
    data: await service.list(auth.user.id, query),
  }));

  addRoute(app, authenticate, getMessage, async ({ auth, params }) => ({
    data: { message: await service.open(auth.user.id, params.id) },
  }));

  const actor = (auth: RequestAuth, request: FastifyRequest) => ({
    ...actorOf(auth, request),
    id: auth.user.id,
  });

  addRoute(app, authenticate, sendMessage, async ({ auth, body, request }) => ({
    data: { message: await service.send(auth.user, body, actorOf(auth, request)) },
  }));

  addRoute(app, authenticate, markMessage, async ({ auth, params, body, request }) => {
    await service.mark(actor(auth, request), params.id, body.isRead);
    return { message: body.isRead ? 'Marked as read' : 'Marked as unread' };
  });

  addRoute(app, authenticate, markAllRead, async ({ auth, request }) => ({
    data: { updated: await service.markAllRead(actor(auth, request)) },
  }));

  addRoute(app, authenticate, deleteMessage, async ({ auth, params, request }) => {
    await service.delete(actor(auth, request), params.id);
    return { message: 'Message deleted' };
  });
  return service;
}
