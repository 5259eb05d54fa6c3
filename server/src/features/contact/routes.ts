import type { FastifyInstance } from 'fastify';
import {
  CONTACT_TEXT,
  sendContactMessage,
} from '@stratum/core/contract/contact/send-contact-message';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import { addRoute, type Authenticator } from '../../lib/route';
import { storeContactMessage } from './repository';

/** A form open to anyone is a spam target: a few messages per minute per address is plenty. */
const CONTACT_MESSAGES_PER_MINUTE = 5;

export function registerContactRoutes(
  app: FastifyInstance,
  deps: { db: Db; inbox: Inbox<Db> },
  authenticate: Authenticator,
): void {
  addRoute(
    app,
    authenticate,
    sendContactMessage,
    async ({ body, request }) => {
      const stored = await storeContactMessage(deps.db, deps.inbox, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      request.log.info(
        { contactMessageId: stored.id, recipients: stored.recipients },
        'contact message stored',
      );
      return { message: CONTACT_TEXT.sent };
    },
    { rateLimitPerMinute: CONTACT_MESSAGES_PER_MINUTE },
  );
}
