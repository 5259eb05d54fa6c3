import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Where the model setting in force comes from: the admin panel, the environment, or nowhere. */
export const LLM_SOURCES = ['admin', 'environment', 'none'] as const;
export const ZLlmSource = z.enum(LLM_SOURCES);

/** A stored key is never answered: only its last four characters, as a hint. */
export const ZKeyHint = z.object({ hasKey: z.boolean(), hint: z.string().nullable() });

export const ZLlmStatus = z.object({
  configured: z.boolean(),
  source: ZLlmSource,
  /** The model used when a request names none. */
  model: z.string().nullable(),
  /** The user's own key (used instead of the instance's with the same endpoint). */
  ownKey: ZKeyHint,
  /** Calls per hour the user's plan allows, and how many are used in the current window. */
  limitPerHour: z.number().int(),
});
export type TLlmStatus = z.infer<typeof ZLlmStatus>;

/** Every signed-in user: whether the assistant can answer, and with which model. */
export const getLlmStatus = defineEndpoint({
  method: 'GET',
  path: '/api/llm/status',
  summary: 'Whether a language model is configured for the assistant',
  auth: true,
  response: z.object({ success: z.literal(true), data: ZLlmStatus }),
});
