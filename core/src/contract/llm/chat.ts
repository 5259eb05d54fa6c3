import { z } from 'zod';
import { ZDesignV2 } from '../../iac/design/schema-v2';
import { ZDesignPatch } from '../../assistant/patch';
import { ERROR_CODES, zString } from '../common';
import { ZFormat } from '../planner/generation';
import { defineEndpoint } from '../endpoint';

export const ZChatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: zString(8000),
});

/**
 * The generated file the user asks about. With `generationId` (and the chat's `projectId`) the
 * files are that stored generation's, exactly what the planner's code viewer shows; otherwise the
 * server generates the context design in `format` (its layout the design's) with the engine.
 */
export const ZChatCode = z.object({
  path: zString(500),
  format: ZFormat.optional(),
  generationId: z.uuid().optional(),
});
export type TChatCode = z.infer<typeof ZChatCode>;

/**
 * The conversation so far (the last message is the user's new one) and its context: a saved
 * project the user owns (`projectId`, loaded by the server) or, for work not yet saved, the
 * board's design as the browser holds it. `ticket` is for browsers (see createLlmStreamTicket).
 */
export const ZChatBody = z.object({
  messages: z.array(ZChatMessage).min(1).max(40),
  projectId: z.uuid().optional(),
  design: ZDesignV2.optional(),
  model: zString(200).optional(),
  code: ZChatCode.optional(),
});
export type TChatBody = z.input<typeof ZChatBody>;

export const ZChatQuery = z.object({ ticket: z.string().max(200).optional() });

/**
 * One SSE `data:` line per event. `delta`: text as it arrives; `patch`: a proposed change that
 * applied to the context design and validated (`changes`: one line each); `patch_invalid`: the
 * model proposed a change that does not validate (not offered); `done` ends a good answer;
 * `error` ends a failed one (the model failed or timed out).
 */
export const ZChatEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('patch'),
    patch: ZDesignPatch,
    changes: z.array(z.string()),
  }),
  z.object({
    type: z.literal('patch_invalid'),
    issues: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  z.object({ type: z.literal('done'), model: z.string() }),
  z.object({ type: z.literal('error'), code: z.enum(ERROR_CODES), message: z.string() }),
]);
export type TChatEvent = z.infer<typeof ZChatEvent>;

/**
 * POST /api/llm/chat — text/event-stream once every check passed (model configured, rate, the
 * project), the usual JSON error before. Authenticate with `Authorization: Bearer` or `?ticket=`.
 */
export const chatStream = {
  method: 'POST',
  path: '/api/llm/chat',
  summary: 'Chat with the assistant as server-sent events',
  body: ZChatBody,
  querystring: ZChatQuery,
  events: ZChatEvent,
  audit: { action: 'llm.chat', target: 'llm_message' },
} as const;

/** A single-use, 30-second ticket for one chat stream (browsers keep tokens out of URLs). */
export const createLlmStreamTicket = defineEndpoint({
  method: 'POST',
  path: '/api/llm/stream-tickets',
  summary: 'A single-use ticket for one assistant chat stream',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.object({ ticket: z.string(), expiresAt: z.string() }),
  }),
  audit: {
    exempt: 'a single-use 30-second ticket held in shared state; the chat it opens is audited',
  },
});
