import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { z } from 'zod';
import { ZModerationResponse, zOptionalReason } from './moderation';

export const ZMoveBody = z.object({
  categoryId: z.uuid('Pick a category'),
  reason: zOptionalReason(),
});

/** Moderator and above. */
export const moveForumThread = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/threads/:id/category',
  summary: 'Move a forum thread to another category',
  auth: true,
  params: ZIdParams,
  body: ZMoveBody,
  response: ZModerationResponse,
  audit: { action: 'forums.move', target: 'forum_thread' },
});
