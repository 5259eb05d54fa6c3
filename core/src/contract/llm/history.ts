import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const ZLlmHistoryItem = z.object({
  id: z.string(),
  kind: z.enum(['chat', 'generate']),
  prompt: z.string(),
  answer: z.string(),
  model: z.string().nullable(),
  outcome: z.enum(['ok', 'error']),
  errorCode: z.string().nullable(),
  projectId: z.string().nullable(),
  createdAt: z.string(),
});
export type TLlmHistoryItem = z.infer<typeof ZLlmHistoryItem>;

/** The user's own prompts and answers, newest first (the last 50). */
export const listLlmHistory = defineEndpoint({
  method: 'GET',
  path: '/api/llm/history',
  summary: 'Your assistant prompts and answers',
  auth: true,
  response: z.object({ success: z.literal(true), data: z.array(ZLlmHistoryItem) }),
});
