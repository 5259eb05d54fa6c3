import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZK8sKind } from './cluster';

/**
 * Browsers cannot set headers on EventSource or WebSocket: they ask for a single-use ticket
 * (valid 30 s, bound to the user) and put it in the stream URL as `?ticket=`. Command-line
 * clients and tests send `Authorization: Bearer` instead.
 */
export const createStreamTicket = defineEndpoint({
  method: 'POST',
  path: '/api/k8/stream-tickets',
  summary: 'A single-use ticket for one stream or socket',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ ticket: z.string(), expiresAt: z.string() }),
  }),
  audit: { exempt: 'a single-use short-lived ticket held in shared state, not a saved change' },
});

export const ZTicketQuery = z.object({ ticket: z.string().max(200).optional() });

/** GET /api/k8/clusters/:clusterId/watch/:kind — text/event-stream. */
export const ZWatchQuery = ZTicketQuery.extend({
  namespace: z.string().max(253).optional(),
  labelSelector: z.string().max(1024).optional(),
});
export const ZWatchParams = z.object({ clusterId: z.uuid(), kind: ZK8sKind });

/**
 * One SSE `data:` line per message, JSON. `ADDED|MODIFIED|DELETED` carry the object;
 * `RELISTED` says the watch restarted from a fresh list (410 Gone) and carries the full list;
 * `ERROR` carries the §8 message and ends the stream.
 */
export const ZWatchEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['ADDED', 'MODIFIED', 'DELETED']),
    object: z.record(z.string(), z.unknown()),
  }),
  z.object({
    type: z.literal('RELISTED'),
    items: z.array(z.record(z.string(), z.unknown())),
    resourceVersion: z.string(),
  }),
  z.object({ type: z.literal('ERROR'), message: z.string(), status: z.number().optional() }),
]);
export type TWatchEvent = z.infer<typeof ZWatchEvent>;

/** GET /api/k8/clusters/:clusterId/pods/:pod/logs/stream — text/event-stream. */
export const ZLogsQuery = ZTicketQuery.extend({
  namespace: z.string().max(253).optional(),
  container: z.string().max(253).optional(),
  tail: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Seconds. */
  since: z.coerce.number().int().min(1).optional(),
  follow: z.enum(['true', 'false']).default('true'),
});

/** One SSE message per log line; `end` when the container's log ends; `error` with a message. */
export const ZLogEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('line'), time: z.string(), text: z.string() }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('error'), message: z.string(), status: z.number().optional() }),
]);
export type TLogEvent = z.infer<typeof ZLogEvent>;

export const ZLogStreamParams = z.object({
  clusterId: z.uuid(),
  pod: z.string().min(1).max(253),
});

/**
 * The two event-stream routes. They answer `text/event-stream` (one JSON `data:` line per
 * event, shaped by `events`) once every check passed, and the usual JSON error before that.
 */
export interface StreamDef {
  method: 'GET';
  path: string;
  summary: string;
  params: z.ZodType;
  querystring: z.ZodType;
  events: z.ZodType;
}

export const watchStream = {
  method: 'GET',
  path: '/api/k8/clusters/:clusterId/watch/:kind',
  summary: 'Watch one kind as server-sent events',
  params: ZWatchParams,
  querystring: ZWatchQuery,
  events: ZWatchEvent,
} as const satisfies StreamDef;

export const logStream = {
  method: 'GET',
  path: '/api/k8/clusters/:clusterId/pods/:pod/logs/stream',
  summary: 'Follow a pod container log as server-sent events',
  params: ZLogStreamParams,
  querystring: ZLogsQuery,
  events: ZLogEvent,
} as const satisfies StreamDef;

/** WebSocket /api/k8/clusters/:clusterId/exec/stream?pod&container&namespace&cmd=…&cmd=… */
export const ZExecQuery = ZTicketQuery.extend({
  pod: z.string().min(1).max(253),
  namespace: z.string().max(253).optional(),
  container: z.string().max(253).optional(),
  cmd: z.union([z.string(), z.array(z.string())]).optional(),
});

/**
 * Socket frames are JSON text. Client → server: `{type:'stdin',data}`, `{type:'resize',cols,rows}`.
 * Server → client: `{type:'stdout'|'stderr',data}`, `{type:'exit',code,message?}` then close,
 * `{type:'error',message}` then close. Pings keep it alive every 25 s.
 */
export const ZExecClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stdin'), data: z.string().max(65_536) }),
  z.object({
    type: z.literal('resize'),
    cols: z.number().int().min(1).max(1000),
    rows: z.number().int().min(1).max(1000),
  }),
]);
export const ZExecServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['stdout', 'stderr']), data: z.string() }),
  z.object({ type: z.literal('exit'), code: z.number().int(), message: z.string().optional() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type TExecServerFrame = z.infer<typeof ZExecServerFrame>;
