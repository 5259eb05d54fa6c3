import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zText } from '../common';
import { FORUM_LIMITS } from '../../forums/rules';
import { ZIdParams } from '../admin/paging';
import { ZForumCategoryResponse } from './create-category';

export const ZUpdateForumCategoryBody = z.object({
  name: zText(FORUM_LIMITS.categoryName).pipe(z.string().min(1, 'Name the category')).optional(),
  description: zText(FORUM_LIMITS.categoryDescription).optional(),
  /** 0-based place in the order; the others move to make room. */
  position: z.number().int().min(0).max(1000).optional(),
});
export type TUpdateForumCategoryBody = z.input<typeof ZUpdateForumCategoryBody>;

/** Moderator and above: rename, describe or move a category in the order. */
export const updateForumCategory = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/categories/:id',
  summary: 'Rename, describe or reorder a forum category',
  auth: true,
  params: ZIdParams,
  body: ZUpdateForumCategoryBody,
  response: ZForumCategoryResponse,
  audit: { action: 'forums.category_update', target: 'forum_category' },
});
