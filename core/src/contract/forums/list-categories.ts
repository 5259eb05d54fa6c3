import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZForumCategory } from './forum';

export const ZListForumCategoriesResponse = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(ZForumCategory) }),
});
export type TListForumCategoriesResponse = z.infer<typeof ZListForumCategoriesResponse>;

/** §7: prefetched by the web. In their staff-set order, each with its visible thread count. */
export const listForumCategories = defineEndpoint({
  method: 'GET',
  path: '/api/forums/categories',
  summary: 'The forum categories, in order',
  auth: true,
  response: ZListForumCategoriesResponse,
});
