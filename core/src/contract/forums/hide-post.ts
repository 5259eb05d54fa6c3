import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZHiddenBody, ZModerationResponse } from './moderation';

/** Moderator and above: a hidden post is seen by moderators only. Hiding needs a reason. */
export const hideForumPost = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/posts/:id/hidden',
  summary: 'Hide or show a forum post',
  auth: true,
  params: ZIdParams,
  body: ZHiddenBody,
  response: ZModerationResponse,
  audit: { action: 'forums.hide', target: 'forum_post' },
});
