import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPageQuery, zPage } from '../admin/paging';
import { ZForumPerson } from './forum';

export const ZForumReport = z.object({
  id: z.string(),
  reason: z.string(),
  reporter: ZForumPerson,
  createdAt: z.string(),
  post: z.object({
    id: z.string(),
    threadId: z.string(),
    threadTitle: z.string(),
    author: ZForumPerson,
    excerpt: z.string(),
    isHidden: z.boolean(),
  }),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  outcome: z.enum(['dismissed', 'actioned']).nullable(),
  note: z.string().nullable(),
});
export type TForumReport = z.infer<typeof ZForumReport>;

export const ZListForumReportsQuery = ZPageQuery.extend({
  status: z.enum(['open', 'resolved']).default('open'),
});

export const ZListForumReportsResponse = z.object({
  success: z.literal(true),
  data: zPage(ZForumReport),
});

/** Moderator and above: the queue of reported posts, oldest open report first. */
export const listForumReports = defineEndpoint({
  method: 'GET',
  path: '/api/forums/reports',
  summary: 'The reported forum posts',
  auth: true,
  querystring: ZListForumReportsQuery,
  response: ZListForumReportsResponse,
});
