import type { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZSiteNoticeFields, ZSiteNoticeResponse } from './site-notice';

/** Any subset of the fields: `isActive` activates or deactivates, `expiresAt` expires. */
export const ZUpdateNoticeBody = ZSiteNoticeFields.partial();
export type TUpdateNoticeBody = z.input<typeof ZUpdateNoticeBody>;
export type TUpdateNoticeInput = z.output<typeof ZUpdateNoticeBody>;

/** Staff (`notices.manage`). */
export const updateNotice = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/site-notices/:id',
  summary: 'Staff: edit, activate, deactivate or expire a site notice',
  auth: true,
  params: ZIdParams,
  body: ZUpdateNoticeBody,
  response: ZSiteNoticeResponse,
  audit: { action: 'notices.update', target: 'site_notice' },
});
