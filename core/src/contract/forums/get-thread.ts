import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZForumThreadResponse } from './create-thread';

export const ZGetForumThreadQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The thread and one page of its posts (50), oldest first. 404 for a hidden thread unless moderator. */
export const getForumThread = defineEndpoint({
  method: 'GET',
  path: '/api/forums/threads/:id',
  summary: 'A forum thread with one page of its posts',
  auth: true,
  params: ZIdParams,
  querystring: ZGetForumThreadQuery,
  response: ZForumThreadResponse,
});
