import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

/** Moderator and above; 409 while the category still holds threads (move them first). */
export const deleteForumCategory = defineEndpoint({
  method: 'DELETE',
  path: '/api/forums/categories/:id',
  summary: 'Delete an empty forum category',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'forums.category_delete', target: 'forum_category' },
});
