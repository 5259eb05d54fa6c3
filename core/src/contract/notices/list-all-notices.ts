import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSiteNotice } from './site-notice';

export const ZManagedNotice = ZSiteNotice.extend({
  /** Active and not expired: what the banner shows now. */
  isLive: z.boolean(),
  dismissCount: z.number().int(),
  updatedAt: z.string(),
});
export type TManagedNotice = z.infer<typeof ZManagedNotice>;

export const ZListAllNoticesResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(ZManagedNotice) }),
});
export type TListAllNoticesResponse = z.infer<typeof ZListAllNoticesResponse>;

/** Staff (`notices.read`): every notice, inactive and expired included, newest first. */
export const listAllNotices = defineEndpoint({
  method: 'GET',
  path: '/api/admin/site-notices/all',
  summary: 'Staff: every site notice',
  auth: true,
  response: ZListAllNoticesResponse,
});
