import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { z } from 'zod';
import { ZModerationResponse, zOptionalReason } from './moderation';

export const ZPinBody = z.object({ isPinned: z.boolean(), reason: zOptionalReason() });

/** Moderator and above: pinned threads lead every list. */
export const pinForumThread = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/threads/:id/pinned',
  summary: 'Pin or unpin a forum thread',
  auth: true,
  params: ZIdParams,
  body: ZPinBody,
  response: ZModerationResponse,
  audit: { action: 'forums.pin', target: 'forum_thread' },
});
