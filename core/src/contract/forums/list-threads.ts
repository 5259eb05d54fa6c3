import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSearch } from '../admin/paging';
import { FORUM_PAGE_SIZE } from '../../forums/rules';
import { ZForumThreadSummary } from './forum';

export const ZListForumThreadsQuery = z.object({
  /** §9: 20 a page by default. */
  limit: z.coerce.number().int().min(1).max(50).default(FORUM_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  categoryId: z.uuid().optional(),
  /** Full-text search over titles and posts; blank means none. */
  q: ZSearch,
});
export type TListForumThreadsQuery = z.output<typeof ZListForumThreadsQuery>;

export const ZListForumThreadsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(ZForumThreadSummary),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  }),
});
export type TListForumThreadsResponse = z.infer<typeof ZListForumThreadsResponse>;

/**
 * §7: the first page is prefetched. Pinned threads first, then the latest activity; with `q`,
 * the best matches first.
 */
export const listForumThreads = defineEndpoint({
  method: 'GET',
  path: '/api/forums/threads',
  summary: 'One page of forum threads, optionally in one category or matching a search',
  auth: true,
  querystring: ZListForumThreadsQuery,
  response: ZListForumThreadsResponse,
});
