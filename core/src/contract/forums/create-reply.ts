import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZForumPost, zForumBody } from './forum';

export const ZCreateForumReplyBody = z.object({ body: zForumBody() });

export const ZForumPostResponse = z.object({
  success: z.literal(true),
  data: z.object({ post: ZForumPost }),
});
export type TForumPostResponse = z.infer<typeof ZForumPostResponse>;

/**
 * Rate limited per user; a locked thread refuses (403 `forums/locked`) except to moderators.
 * Subscribers and people @mentioned get a message.
 */
export const createForumReply = defineEndpoint({
  method: 'POST',
  path: '/api/forums/threads/:id/posts',
  summary: 'Reply to a forum thread',
  auth: true,
  params: ZIdParams,
  body: ZCreateForumReplyBody,
  response: ZForumPostResponse,
  audit: { action: 'forums.reply', target: 'forum_post' },
});
