import type { FastifyInstance } from 'fastify';
import {
  HTTP_SEND_LIMITS,
  MAX_BASE64_BODY_LENGTH,
  sendHttpRequest,
} from '@stratum/core/contract/api-client/http-send';
import type { Config } from '../../config';
import { DenyList, ownServices, type EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import { addRoute, type Authenticator } from '../../lib/route';
import type { SharedState } from '../../lib/shared-state';
import { sendHttp, type TSendDeps } from './send';

export interface HttpSendRouteDeps {
  config: Config;
  /** The connection string of Stratum's own PostgreSQL (embedded or DATABASE_URL). */
  databaseUrl?: string;
  shared: SharedState;
  egress: EgressPolicy;
}

/**
 * JSON of the largest body base64-encoded (13.3 MiB) with headers and URL, or as text with its
 * JSON escapes (quotes and backslashes double): more than the app-wide 1 MiB.
 */
export const SEND_BODY_LIMIT_BYTES = MAX_BASE64_BODY_LENGTH + 10 * 1024 * 1024;

/**
 * Per-user limits on sends: a rate across processes (SharedState, so Redis with N processes)
 * and the sends waiting for an answer in this process (each may hold up to 20 MiB, twice). The
 * request runner takes the same gate for each attempt it makes.
 */
export class SendGate {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly shared: SharedState,
    private readonly limits: Pick<
      typeof HTTP_SEND_LIMITS,
      'sendsPerMinute' | 'inFlightPerUser'
    > = HTTP_SEND_LIMITS,
  ) {}

  /** Counts a send (429 past the rate) and takes an in-flight slot (429 when all are taken). */
  async enter(userId: string): Promise<() => void> {
    if ((await this.shared.hit(`http-send:${userId}`, 60)) > this.limits.sendsPerMinute) {
      throw new AppError(
        'request/rate_limited',
        `Too many requests: the API client sends at most ${this.limits.sendsPerMinute} a minute. Try again in a minute.`,
        { retryAfterSeconds: 60 },
      );
    }
    const count = this.inFlight.get(userId) ?? 0;
    if (count >= this.limits.inFlightPerUser) {
      throw new AppError(
        'request/rate_limited',
        `Too many requests at once: at most ${this.limits.inFlightPerUser} may wait for an answer. Wait for one to finish or cancel it.`,
      );
    }
    this.inFlight.set(userId, count + 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(userId);
      else this.inFlight.set(userId, left);
    };
  }
}

/** The port the server actually listens on (PORT=0 in tests picks one), next to PORT. */
function listeningPorts(app: FastifyInstance, configured: number): number[] {
  const address = app.server.address();
  return typeof address === 'object' && address !== null
    ? [configured, address.port]
    : [configured];
}

/**
 * POST /api/http/send for any signed-in user. Answers what the request runner needs to send
 * through the same policy, deny list and gate.
 */
export function registerHttpSendRoutes(
  app: FastifyInstance,
  deps: HttpSendRouteDeps,
  authenticate: Authenticator,
): { send: Omit<TSendDeps, 'log' | 'userId'>; gate: SendGate } {
  const deny = new DenyList(
    ownServices({
      httpPorts: () => listeningPorts(app, deps.config.port),
      databaseUrl: deps.databaseUrl ?? deps.config.databaseUrl,
      redisUrl: deps.config.redisUrl,
    }),
  );
  const send = { policy: deps.egress, deny };
  const gate = new SendGate(deps.shared);

  addRoute(
    app,
    authenticate,
    sendHttpRequest,
    async ({ auth, body, request, reply }) => {
      const release = await gate.enter(auth.user.id);
      // The browser aborting its call closes the connection: the upstream exchange ends too.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort();
      };
      reply.raw.once('close', onClose);
      // Gone while the body was being read: the close event has already passed.
      if (request.raw.socket?.destroyed) controller.abort();
      try {
        const data = await sendHttp(
          { ...send, log: request.log, userId: auth.user.id },
          body,
          controller.signal,
        );
        return { data };
      } finally {
        reply.raw.off('close', onClose);
        release();
      }
    },
    { bodyLimit: SEND_BODY_LIMIT_BYTES },
  );
  return { send, gate };
}
