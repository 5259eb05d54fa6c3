import { z } from 'zod';
import { API_LIMITS, ZApiRequest } from '../../api-client/model';
import { ZOk, zString } from '../common';
import { defineEndpoint } from '../endpoint';

/**
 * One sent request, as the history lists it (the last `API_LIMITS.historyEntries` per user,
 * newest first). Response bodies are not kept.
 */
export const ZHistorySummary = z.object({
  id: z.uuid(),
  method: z.string(),
  /**
   * The URL as the editor held it, `{{variables}}` unresolved: a secret variable's value must
   * not land in the history in clear.
   */
  url: z.string(),
  /** The response's status; null when none came (see `error`). */
  status: z.number().int().nullable(),
  /** Why no response came (refused, timed out, …); null when one did. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** Bytes of the response body. */
  sizeBytes: z.number().int(),
  /** The saved request it was sent from, if any. */
  collectionId: z.uuid().nullable(),
  itemId: z.string().nullable(),
  at: z.string(),
});
export type THistorySummary = z.infer<typeof ZHistorySummary>;

/** With the request document as the editor held it (`{{variables}}` unresolved). */
export const ZHistoryEntry = ZHistorySummary.extend({ request: ZApiRequest });
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

/** What the runner records after each send (`appendHistory` on the server). */
export const ZHistoryInput = z.object({
  request: ZApiRequest,
  method: z.string(),
  url: zString(API_LIMITS.urlChars * 2),
  status: z.number().int().min(100).max(999).nullable(),
  error: z.string().nullable().default(null),
  durationMs: z.number().int().min(0),
  sizeBytes: z.number().int().min(0),
  collectionId: z.uuid().nullable().default(null),
  itemId: z.string().max(64).nullable().default(null),
});
export type THistoryInput = z.input<typeof ZHistoryInput>;

export const ZHistoryParams = z.object({ id: zString(100).min(1) });

export const listHistory = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/history',
  summary: 'Your last sent requests, newest first',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ entries: z.array(ZHistorySummary), limit: z.number().int() }),
  }),
});

export const getHistoryEntry = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/history/:id',
  summary: 'One sent request with its request document',
  auth: true,
  params: ZHistoryParams,
  response: z.object({
    success: z.literal(true),
    data: z.object({ entry: ZHistoryEntry }),
  }),
});

export const deleteHistoryEntry = defineEndpoint({
  method: 'DELETE',
  path: '/api/api-client/history/:id',
  summary: 'Delete one history entry',
  auth: true,
  params: ZHistoryParams,
  response: ZOk,
  audit: { action: 'apiClient.history.delete', target: 'api_history' },
});

export const clearHistory = defineEndpoint({
  method: 'DELETE',
  path: '/api/api-client/history',
  summary: 'Delete your whole history',
  auth: true,
  response: ZOk,
  audit: { action: 'apiClient.history.clear', target: 'api_history' },
});
