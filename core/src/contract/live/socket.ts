import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZLiveEvent, ZOnboardingStep } from './events';

/** WebSocket GET /api/live?ticket=… (or `Authorization: Bearer`), same host as the app. */
export const LIVE_PATH = '/api/live';

export const LIVE_LIMITS = {
  /** A client frame larger than this is refused with an error frame. */
  maxFrameBytes: 4096,
  /** Frames a client may send per window before the server starts refusing them. */
  framesPerWindow: 60,
  windowMs: 10_000,
  /** The server pings this often; proxies cut idle sockets at about 60 s. */
  keepAliveMs: 25_000,
} as const;

/** Spec §9: the client reconnects after a close, 1 s doubling, at most 5 attempts. */
export const LIVE_RECONNECT = { firstDelayMs: 1000, maxAttempts: 5 } as const;

/** Browsers cannot set headers on a WebSocket: they ask for a single-use 30 s ticket first. */
export const createLiveTicket = defineEndpoint({
  method: 'POST',
  path: '/api/live/tickets',
  summary: 'A single-use ticket to open the live channel',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ ticket: z.string(), expiresAt: z.string() }),
  }),
  audit: { exempt: 'issues a 30-second single-use ticket; nothing a user saved changes' },
});

/**
 * Client → server. `register` names the project the page shows (one at a time; registering
 * again switches); `onboarding-update` saves the sender's own tour record in it, as POST
 * /api/onboarding/{projectId} does, and tells the other members.
 */
export const ZLiveClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('register'), projectId: z.uuid() }),
  z.object({
    type: z.literal('onboarding-update'),
    projectId: z.uuid(),
    userId: z.uuid(),
    step: ZOnboardingStep,
    dismissed: z.boolean(),
  }),
]);
export type TLiveClientFrame = z.infer<typeof ZLiveClientFrame>;

/**
 * Server → client: `ready` once authenticated, `registered` after a register, `error` for a
 * refused frame (the socket stays open), and the live events. `onboarding-update` is sent only
 * for the project registered on that socket.
 */
export const ZLiveServerFrame = z.union([
  z.object({ type: z.literal('ready'), userId: z.string() }),
  z.object({ type: z.literal('registered'), projectId: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  ZLiveEvent,
]);
export type TLiveServerFrame = z.infer<typeof ZLiveServerFrame>;

/** Close codes: 1008 policy (session revoked, origin), 4401 sign in again. */
export const LIVE_CLOSE = { revoked: 4401, shutdown: 1001 } as const;
