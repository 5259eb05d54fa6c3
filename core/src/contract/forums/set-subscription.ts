import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';

export const ZSetForumSubscriptionBody = z.object({ isSubscribed: z.boolean() });

export const ZSetForumSubscriptionResponse = z.object({
  success: z.literal(true),
  data: z.object({ isSubscribed: z.boolean() }),
});

/** Subscribers get a message for every new reply by someone else. */
export const setForumSubscription = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/threads/:id/subscription',
  summary: 'Follow or stop following a forum thread',
  auth: true,
  params: ZIdParams,
  body: ZSetForumSubscriptionBody,
  response: ZSetForumSubscriptionResponse,
  audit: { action: 'forums.subscribe', target: 'forum_thread' },
});
