import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPageQuery, zPage } from '../admin/paging';
import { ZMessage, ZMessageBox } from './message';

export const ZListMessagesQuery = ZPageQuery.extend({
  box: ZMessageBox.default('inbox'),
  /** Inbox only: just the unread ones. */
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TListMessagesQuery = z.output<typeof ZListMessagesQuery>;

export const ZListMessagesResponse = z.object({
  success: z.literal(true),
  data: zPage(ZMessage).extend({ unreadCount: z.number().int() }),
});
export type TListMessagesResponse = z.infer<typeof ZListMessagesResponse>;

export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/api/messages',
  summary: "The signed-in user's inbox or sent messages, newest first",
  auth: true,
  querystring: ZListMessagesQuery,
  response: ZListMessagesResponse,
});
