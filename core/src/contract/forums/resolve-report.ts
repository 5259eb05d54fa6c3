import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { zOptionalReason, ZModerationResponse } from './moderation';

export const ZResolveForumReportBody = z.object({
  outcome: z.enum(['dismissed', 'actioned']),
  note: zOptionalReason(),
});

/** Moderator and above: closes a report (hide or delete the post through their own routes). */
export const resolveForumReport = defineEndpoint({
  method: 'POST',
  path: '/api/forums/reports/:id/resolve',
  summary: 'Close a forum report',
  auth: true,
  params: ZIdParams,
  body: ZResolveForumReportBody,
  response: ZModerationResponse,
  audit: { action: 'forums.report_resolve', target: 'forum_report' },
});
