import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const ACTIVITY_KINDS = [
  'account-created',
  'email-verified',
  'signed-in',
  'session-ended',
] as const;
export const ZActivityKind = z.enum(ACTIVITY_KINDS);
export type TActivityKind = z.infer<typeof ZActivityKind>;

/** One event of the signed-in user's own account, newest first. */
export const ZActivityItem = z.object({
  id: z.string(),
  kind: ZActivityKind,
  at: z.string(),
  /** A short description of the browser and system, e.g. "Chrome on Linux". */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  isCurrentSession: z.boolean(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

export const RECENT_ACTIVITY_LIMIT = 10;

export const ZRecentActivityResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(ZActivityItem) }),
});
export type TRecentActivityResponse = z.infer<typeof ZRecentActivityResponse>;

export const listRecentActivity = defineEndpoint({
  method: 'GET',
  path: '/api/activity/recent',
  summary: "The signed-in user's recent account events: sign-ins, ended sessions, sign-up",
  auth: true,
  response: ZRecentActivityResponse,
});
