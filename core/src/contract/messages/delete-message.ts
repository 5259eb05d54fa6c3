import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

/** Removes the message from the caller's inbox or sent box; the other side keeps its copy. */
export const deleteMessage = defineEndpoint({
  method: 'DELETE',
  path: '/api/messages/:id',
  summary: 'Delete a message from the inbox or sent box',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'messages.delete', target: 'message' },
});
