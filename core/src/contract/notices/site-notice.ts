import { z } from 'zod';
import { zText } from '../common';
import { ZIsoDateTime } from '../admin/paging';
import { NOTICE_LIMITS, NOTICE_TYPES } from '../../notices';

export const ZNoticeType = z.enum(NOTICE_TYPES);

/** §3 Site notice. */
export const ZSiteNotice = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: ZNoticeType,
  isActive: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  priority: z.number().int(),
  dismissible: z.boolean(),
});
export type TSiteNotice = z.infer<typeof ZSiteNotice>;

/** What staff write; angle brackets are stripped like every text input (§5). */
export const ZSiteNoticeFields = z.object({
  title: zText(NOTICE_LIMITS.titleMax).pipe(z.string().min(1, 'Enter a title')),
  message: zText(NOTICE_LIMITS.messageMax).pipe(z.string().min(1, 'Enter a message')),
  type: ZNoticeType,
  priority: z.number().int().min(NOTICE_LIMITS.priorityMin).max(NOTICE_LIMITS.priorityMax),
  dismissible: z.boolean(),
  isActive: z.boolean(),
  /** Shown until then; forever when null. */
  expiresAt: ZIsoDateTime.nullable(),
});

export const ZSiteNoticeResponse = z.object({
  success: z.literal(true),
  data: z.object({ notice: ZSiteNotice }),
});
export type TSiteNoticeResponse = z.infer<typeof ZSiteNoticeResponse>;
