import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZForumThread, ZForumPost, zForumBody, zForumTitle } from './forum';

export const ZCreateForumThreadBody = z.object({
  categoryId: z.uuid('Pick a category'),
  title: zForumTitle(),
  body: zForumBody(),
});
export type TCreateForumThreadBody = z.input<typeof ZCreateForumThreadBody>;

export const ZForumThreadResponse = z.object({
  success: z.literal(true),
  data: z.object({
    thread: ZForumThread,
    posts: z.array(ZForumPost),
    totalPosts: z.number().int(),
    page: z.number().int(),
  }),
});
export type TForumThreadResponse = z.infer<typeof ZForumThreadResponse>;

/** Rate limited per user. The author is subscribed; people @mentioned get a message. */
export const createForumThread = defineEndpoint({
  method: 'POST',
  path: '/api/forums/threads',
  summary: 'Start a forum thread',
  auth: true,
  body: ZCreateForumThreadBody,
  response: ZForumThreadResponse,
  audit: { action: 'forums.thread_create', target: 'forum_thread' },
});
