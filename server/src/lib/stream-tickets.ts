import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import type { Authenticator, RequestAuth } from './route';

/** How long a ticket may wait between being issued and being used. */
export const STREAM_TICKET_TTL_MS = 30_000;

type RedeemedRow = UserRow & {
  ticket_session_id: string;
  ticket_expires_at: Date;
  session_revoked_at: Date | null;
  session_expires_at: Date;
};

/**
 * Short-lived, single-use tickets for streams and sockets: a browser cannot put a header on an
 * EventSource or WebSocket, and a long-lived token in a URL ends up in proxy logs. A ticket is
 * bound to the user and the session that asked for it, so signing out revokes it; PostgreSQL
 * holds only its HMAC, and `DELETE … RETURNING` makes "once" exact across server processes.
 */
export class StreamTickets {
  constructor(
    private readonly db: Db,
    private readonly hmacKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(auth: RequestAuth): Promise<{ ticket: string; expiresAt: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + STREAM_TICKET_TTL_MS);
    // Expired rows are useless; sweeping on issue keeps the table as small as the traffic.
    await sql`DELETE FROM stream_tickets WHERE expires_at < ${new Date(this.now())}`.execute(
      this.db,
    );
    await sql`INSERT INTO stream_tickets (ticket_hash, user_id, session_id, expires_at)
      VALUES (${this.hash(ticket)}, ${auth.user.id}, ${auth.sessionId}, ${expiresAt})`.execute(
      this.db,
    );
    return { ticket, expiresAt };
  }

  /** Consumes the ticket: answers who it was issued to, or undefined if unknown, used or stale. */
  async redeem(ticket: string): Promise<RequestAuth | undefined> {
    if (ticket.length === 0 || ticket.length > 200) return undefined;
    const { rows } = await sql<RedeemedRow>`
      DELETE FROM stream_tickets t USING sessions s, users u
      WHERE t.ticket_hash = ${this.hash(ticket)} AND s.id = t.session_id AND u.id = t.user_id
      RETURNING u.*, t.session_id AS ticket_session_id, t.expires_at AS ticket_expires_at,
        s.revoked_at AS session_revoked_at, s.expires_at AS session_expires_at`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const now = this.now();
    if (row.ticket_expires_at.getTime() <= now) return undefined;
    if (row.session_revoked_at !== null || row.session_expires_at.getTime() <= now)
      return undefined;
    if (row.disabled_at !== null) return undefined;
    const {
      ticket_session_id: sessionId,
      ticket_expires_at: _t,
      session_revoked_at: _r,
      session_expires_at: _e,
      ...user
    } = row;
    return { sessionId, user };
  }

  private hash(ticket: string): string {
    return createHmac('sha256', this.hmacKey).update(`stream-ticket:${ticket}`).digest('hex');
  }
}

/** The `ticket` query parameter of a request, read from the raw URL (sockets skip validation). */
export function ticketOf(request: FastifyRequest): string | undefined {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('ticket') ?? undefined;
}

/**
 * Authenticates a stream: a `?ticket=` is consumed (and, if bad, fails, rather than falling back
 * to the header); otherwise `Authorization: Bearer`, for command-line clients and tests.
 */
export function streamAuthenticator(tickets: StreamTickets, bearer: Authenticator): Authenticator {
  return async (request) => {
    const ticket = ticketOf(request);
    if (ticket !== undefined) return tickets.redeem(ticket);
    return bearer(request);
  };
}
