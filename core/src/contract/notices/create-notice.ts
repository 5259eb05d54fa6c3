import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSiteNoticeFields, ZSiteNoticeResponse } from './site-notice';

export const ZCreateNoticeBody = ZSiteNoticeFields.extend({
  priority: ZSiteNoticeFields.shape.priority.default(0),
  dismissible: z.boolean().default(true),
  isActive: z.boolean().default(true),
  expiresAt: ZSiteNoticeFields.shape.expiresAt.default(null),
});
export type TCreateNoticeBody = z.input<typeof ZCreateNoticeBody>;
export type TCreateNoticeInput = z.output<typeof ZCreateNoticeBody>;

/** Staff (`notices.manage`). */
export const createNotice = defineEndpoint({
  method: 'POST',
  path: '/api/admin/site-notices',
  summary: 'Staff: create a site notice',
  auth: true,
  body: ZCreateNoticeBody,
  response: ZSiteNoticeResponse,
  audit: { action: 'notices.create', target: 'site_notice' },
});
