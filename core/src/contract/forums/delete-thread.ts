import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZDeleteBody, ZModerationResponse } from './moderation';

/** Moderator and above: the thread and its posts are gone for everyone; the audit trail keeps the reason. */
export const deleteForumThread = defineEndpoint({
  method: 'DELETE',
  path: '/api/forums/threads/:id',
  summary: 'Delete a forum thread, with a reason',
  auth: true,
  params: ZIdParams,
  body: ZDeleteBody,
  response: ZModerationResponse,
  audit: { action: 'forums.delete', target: 'forum_thread' },
});
