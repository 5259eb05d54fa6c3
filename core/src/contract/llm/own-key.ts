import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZKeyHint } from './status';

const ZKeyResponse = z.object({ success: z.literal(true), data: ZKeyHint });

/** The user's own API key for the instance's endpoint, encrypted at rest, never answered. */
export const saveOwnLlmKey = defineEndpoint({
  method: 'PUT',
  path: '/api/llm/key',
  summary: 'Save your own API key for the assistant',
  auth: true,
  body: z.object({
    apiKey: zString(500).pipe(z.string().trim().min(8, 'That is too short for an API key.')),
  }),
  response: ZKeyResponse,
  audit: { action: 'llm.key.save', target: 'llm_key' },
});

export const deleteOwnLlmKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/llm/key',
  summary: 'Remove your own API key (the instance key applies again)',
  auth: true,
  response: ZKeyResponse,
  audit: { action: 'llm.key.delete', target: 'llm_key' },
});
