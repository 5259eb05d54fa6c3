import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { zForumBody, zForumTitle } from './forum';
import { ZForumPostResponse } from './create-reply';

export const ZEditForumPostBody = z.object({
  body: zForumBody(),
  /** The opening post only: the thread's title too. */
  title: zForumTitle().optional(),
});
export type TEditForumPostBody = z.input<typeof ZEditForumPostBody>;

/** The author only, within 30 minutes of writing (403 `forums/edit_window_closed` after). */
export const editForumPost = defineEndpoint({
  method: 'PUT',
  path: '/api/forums/posts/:id',
  summary: 'Edit your own forum post within 30 minutes',
  auth: true,
  params: ZIdParams,
  body: ZEditForumPostBody,
  response: ZForumPostResponse,
  audit: { action: 'forums.post_edit', target: 'forum_post' },
});
