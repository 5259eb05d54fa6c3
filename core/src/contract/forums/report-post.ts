import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { zModerationReason } from './forum';
import { ZModerationResponse } from './moderation';

export const ZReportForumPostBody = z.object({ reason: zModerationReason() });

/** Someone else's post, once per person and post (a second report answers the same). */
export const reportForumPost = defineEndpoint({
  method: 'POST',
  path: '/api/forums/posts/:id/reports',
  summary: 'Report a forum post to the moderators',
  auth: true,
  params: ZIdParams,
  body: ZReportForumPostBody,
  response: ZModerationResponse,
  audit: { action: 'forums.report', target: 'forum_post' },
});
