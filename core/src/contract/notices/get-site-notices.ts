import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSiteNotice } from './site-notice';

/** §7: `{ success, data: notices, dismissed: ids, message }`. */
export const ZGetSiteNoticesResponse = z.object({
  success: z.literal(true),
  /** Active, unexpired notices, highest priority first, then newest first. */
  data: z.array(ZSiteNotice),
  /** Ids of the notices this user dismissed (among those in `data`). */
  dismissed: z.array(z.string()),
  message: z.string(),
});
export type TGetSiteNoticesResponse = z.infer<typeof ZGetSiteNoticesResponse>;

/** Any signed-in user; the banner calls it every 60 s. */
export const getSiteNotices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/site-notices',
  summary: 'Active site notices and the ids this user dismissed',
  auth: true,
  response: ZGetSiteNoticesResponse,
});
