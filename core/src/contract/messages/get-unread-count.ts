import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const ZUnreadCountResponse = z.object({
  success: z.literal(true),
  data: z.object({ count: z.number().int().min(0) }),
});
export type TUnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

export const getUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/api/messages/unread-count',
  summary: "How many messages in the signed-in user's inbox are unread",
  auth: true,
  response: ZUnreadCountResponse,
});
