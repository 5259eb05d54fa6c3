import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZDeleteBody, ZModerationResponse } from './moderation';

/** Moderator and above: a reply (delete the thread to remove its opening post). */
export const deleteForumPost = defineEndpoint({
  method: 'DELETE',
  path: '/api/forums/posts/:id',
  summary: 'Delete a forum reply, with a reason',
  auth: true,
  params: ZIdParams,
  body: ZDeleteBody,
  response: ZModerationResponse,
  audit: { action: 'forums.delete', target: 'forum_post' },
});
