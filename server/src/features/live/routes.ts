import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLiveTicket, LIVE_CLOSE, LIVE_PATH } from '@stratum/core/contract/live/socket';
import { actorOf } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { addRoute, type Authenticator, type RequestAuth } from '../../lib/route';
import { checkSocketRequest, issueTicket } from '../../lib/socket-guard';
import { streamAuthenticator, type StreamTickets } from '../../lib/stream-tickets';
import { LiveConnection, type ConnectionDeps } from './live-connection';

export interface LiveDeps extends ConnectionDeps {
  tickets: StreamTickets;
  /** Origins a browser may open the socket from (the public URL's). */
  allowedOrigins: string[];
  /** Told of every revoked session on any process; its sockets close at once. */
  onSessionRevoked(listener: (sessionId: string) => void): void;
}

/**
 * The live channel: POST /api/live/tickets, then WebSocket /api/live. Origin and
 * authentication are checked before the upgrade, so a refused socket is an HTTP 401/403 and
 * never exchanges a message.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: LiveDeps,
  authenticate: Authenticator,
): void {
  const streamAuth = streamAuthenticator(deps.tickets, authenticate);
  const prepared = new WeakMap<FastifyRequest, RequestAuth>();
  const open = new Set<LiveConnection>();

  deps.onSessionRevoked((sessionId) => {
    for (const connection of open) {
      if (connection.sessionId === sessionId) {
        connection.close(LIVE_CLOSE.revoked, 'Signed out');
      }
    }
  });
  app.addHook('preClose', (done) => {
    for (const connection of open) connection.close(LIVE_CLOSE.shutdown, 'Server restarting');
    done();
  });

  addRoute(app, authenticate, createLiveTicket, issueTicket(deps.tickets), {
    rateLimitPerMinute: 60,
  });

  app.route({
    method: 'GET',
    url: LIVE_PATH,
    websocket: true,
    schema: {
      summary: 'The live channel (WebSocket): onboarding updates, new messages, project changes',
      tags: ['live'],
      description:
        'Authenticate with `?ticket=` (POST /api/live/tickets) or `Authorization: Bearer`. JSON text frames; see docs/live-channel.md.',
      security: [{ bearerAuth: [] }],
    },
    preHandler: async (request) => {
      checkSocketRequest(request, deps.allowedOrigins);
      const auth = await streamAuth(request);
      if (!auth) {
        throw new AppError(
          'auth/unauthorized',
          'Your session has expired or is invalid, or the ticket was already used. Please sign in again.',
        );
      }
      prepared.set(request, auth);
    },
    handler: (socket, request) => {
      const auth = prepared.get(request);
      if (!auth) {
        socket.close(1011, 'Not prepared');
        return;
      }
      const actor = { ...actorOf(auth, request), id: auth.user.id };
      const connection = new LiveConnection(socket, actor, auth.sessionId, deps, () =>
        open.delete(connection),
      );
      open.add(connection);
    },
  });
}
