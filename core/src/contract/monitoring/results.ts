import { z } from 'zod';
import { ZDateTime } from '../common';
import { ZIdParams } from '../admin/paging';
import { defineEndpoint } from '../endpoint';

export const RESULT_RANGES = ['1h', '24h', '7d'] as const;
export const ZResultRange = z.enum(RESULT_RANGES);
export type TResultRange = z.infer<typeof ZResultRange>;

/** One run (1 h and 24 h), or one hour of runs rolled up (7 d). */
export const ZResultPoint = z.object({
  at: ZDateTime,
  /** Runs in the point: 1 for a run. */
  total: z.number().int(),
  up: z.number().int(),
  /** The run's latency, or the hour's mean; null when no answer came. */
  latencyMs: z.number().int().nullable(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TResultPoint = z.infer<typeof ZResultPoint>;

export const ZLatencyStats = z.object({
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});

export const getCheckResults = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/checks/:id/results',
  summary: "A check's runs over 1 hour, 24 hours or 7 days, with uptime and latency percentiles",
  auth: true,
  params: ZIdParams,
  querystring: z.object({ range: ZResultRange.default('24h') }),
  response: z.object({
    success: z.literal(true),
    data: z.object({
      range: ZResultRange,
      points: z.array(ZResultPoint),
      uptime: z.number().nullable(),
      latency: ZLatencyStats,
    }),
  }),
});

export const ZIncident = z.object({
  id: z.uuid(),
  checkId: z.uuid(),
  checkName: z.string(),
  startedAt: ZDateTime,
  /** Null while the check is still down. */
  endedAt: ZDateTime.nullable(),
  cause: z.string(),
  /** It began inside a maintenance window: no alert was sent. */
  isSilenced: z.boolean(),
});
export type TIncident = z.infer<typeof ZIncident>;

export const listIncidents = defineEndpoint({
  method: 'GET',
  path: '/api/monitoring/incidents',
  summary: "Incidents (down periods) of the user's checks, newest first",
  auth: true,
  querystring: z.object({
    checkId: z.uuid().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({
    success: z.literal(true),
    data: z.object({ items: z.array(ZIncident) }),
  }),
});

export const ZCheckIdParams = ZIdParams;
