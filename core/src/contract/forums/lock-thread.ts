import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { z } from 'zod';
import { ZModerationResponse, zOptionalReason } from './moderation';

export const ZLockBody = z.object({ isLocked: z.boolean(), reason: zOptionalReason() });

/** Moderator and above: a locked thread takes no new replies (moderators still may). */
export const lockForumThread = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/threads/:id/locked',
  summary: 'Lock or unlock a forum thread',
  auth: true,
  params: ZIdParams,
  body: ZLockBody,
  response: ZModerationResponse,
  audit: { action: 'forums.lock', target: 'forum_thread' },
});
