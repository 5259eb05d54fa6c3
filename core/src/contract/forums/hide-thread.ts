import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZHiddenBody, ZModerationResponse } from './moderation';

/** Moderator and above: a hidden thread is seen by moderators only. Hiding needs a reason. */
export const hideForumThread = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/threads/:id/hidden',
  summary: 'Hide or show a forum thread',
  auth: true,
  params: ZIdParams,
  body: ZHiddenBody,
  response: ZModerationResponse,
  audit: { action: 'forums.hide', target: 'forum_thread' },
});
