import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { RequestAuth } from './route';
import type { StreamTickets } from './stream-tickets';

/**
 * What every WebSocket route checks before the upgrade: browsers always send Origin, and
 * another site's page must not open a socket on the user's session (clients without one, the
 * CLI and tests, still need a ticket or a bearer token); and the request must be an upgrade.
 */
export function checkSocketRequest(request: FastifyRequest, allowedOrigins: string[]): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) {
    throw new AppError('auth/forbidden', `WebSocket origin ${origin} is not allowed.`);
  }
  if (!request.ws) {
    throw new AppError('request/invalid', 'This address takes a WebSocket upgrade.');
  }
}

/** The handler of a "POST …/tickets" endpoint: a single-use ticket for the caller's session. */
export function issueTicket(tickets: StreamTickets) {
  return async ({ auth }: { auth: RequestAuth }) => {
    const { ticket, expiresAt } = await tickets.issue(auth);
    return { data: { ticket, expiresAt: expiresAt.toISOString() } };
  };
}
