import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zText } from '../common';
import { FORUM_LIMITS } from '../../forums/rules';
import { ZForumCategory } from './forum';

export const ZForumCategoryBody = z.object({
  name: zText(FORUM_LIMITS.categoryName).pipe(z.string().min(1, 'Name the category')),
  description: zText(FORUM_LIMITS.categoryDescription).default(''),
});
export type TForumCategoryBody = z.input<typeof ZForumCategoryBody>;

export const ZForumCategoryResponse = z.object({
  success: z.literal(true),
  data: z.object({ category: ZForumCategory }),
});

/** Moderator and above. Added last in the order; 409 when the name is taken. */
export const createForumCategory = defineEndpoint({
  method: 'POST',
  path: '/api/forums/categories',
  summary: 'Create a forum category',
  auth: true,
  body: ZForumCategoryBody,
  response: ZForumCategoryResponse,
  audit: { action: 'forums.category_create', target: 'forum_category' },
});
