import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zString } from '../common';
import { FORUM_LIMITS } from '../../forums/rules';

export const ZForumPreviewBody = z.object({ body: zString(FORUM_LIMITS.body) });

export const ZForumPreviewResponse = z.object({
  success: z.literal(true),
  data: z.object({ html: z.string() }),
});

/** The composer's preview, rendered and sanitised exactly as a saved post is. */
export const previewForumPost = defineEndpoint({
  method: 'POST',
  path: '/api/forums/preview',
  summary: 'Render Markdown as a forum post would show it',
  auth: true,
  body: ZForumPreviewBody,
  response: ZForumPreviewResponse,
  audit: { exempt: 'renders text and saves nothing' },
});
