import { z } from 'zod';
import { ZPlanId } from '../common';

/**
 * §3 Voucher. `code` is shown as `ABCD-EFGH-JK12`; `type` is the plan it grants for
 * `duration` days (the spec's "type (subscription)").
 */
export const ZVoucher = z.object({
  id: z.string(),
  code: z.string(),
  type: ZPlanId,
  credits: z.number().int(),
  duration: z.number().int(),
  usageLimit: z.number().int(),
  timesUsed: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  isExpired: z.boolean(),
  isExhausted: z.boolean(),
});
export type TVoucher = z.infer<typeof ZVoucher>;

/** §3 Voucher usage. */
export const ZVoucherUsage = z.object({
  id: z.string(),
  voucherId: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string(),
  usedAt: z.string(),
  subscriptionGranted: ZPlanId,
  creditsGranted: z.number().int(),
  durationGranted: z.number().int(),
});
export type TVoucherUsage = z.infer<typeof ZVoucherUsage>;
