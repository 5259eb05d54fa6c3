import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

export const ZMarkMessageBody = z.object({ isRead: z.boolean() });
export type TMarkMessageBody = z.infer<typeof ZMarkMessageBody>;

/** Marks an inbox message read or unread. */
export const markMessage = defineEndpoint({
  method: 'PUT',
  path: '/api/messages/:id/read',
  summary: 'Mark an inbox message read or unread',
  auth: true,
  params: ZIdParams,
  body: ZMarkMessageBody,
  response: ZOk,
  audit: { action: 'messages.mark', target: 'message' },
});
