import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const ZMarkAllReadResponse = z.object({
  success: z.literal(true),
  data: z.object({ updated: z.number().int() }),
});

export const markAllRead = defineEndpoint({
  method: 'POST',
  path: '/api/messages/read-all',
  summary: 'Mark every inbox message read',
  auth: true,
  response: ZMarkAllReadResponse,
  audit: { action: 'messages.mark_all', target: 'user' },
});
