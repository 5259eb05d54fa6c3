import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZForumReaction } from './forum';
import { ZForumPostResponse } from './create-reply';

export const ZToggleForumReactionBody = z.object({ reaction: ZForumReaction });

/** Adds the viewer's reaction, or takes it back when already given. Answers the post. */
export const toggleForumReaction = defineEndpoint({
  method: 'POST',
  path: '/api/forums/posts/:id/reactions',
  summary: 'Toggle a reaction on a forum post',
  auth: true,
  params: ZIdParams,
  body: ZToggleForumReactionBody,
  response: ZForumPostResponse,
  audit: { action: 'forums.react', target: 'forum_post' },
});
