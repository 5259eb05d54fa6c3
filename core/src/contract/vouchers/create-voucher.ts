import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime } from '../admin/paging';
import { normalizeVoucherCode, VOUCHER_LIMITS, VOUCHER_MSG } from '../../vouchers';
import { ZVoucher } from './voucher';

export const ZCreateVoucherBody = z.object({
  /** A chosen code (with or without dashes); a random one when omitted. */
  code: zString(40)
    .transform((v, ctx) => {
      const code = normalizeVoucherCode(v);
      if (!code) ctx.addIssue({ code: 'custom', message: VOUCHER_MSG.invalidFormat });
      return code ?? '';
    })
    .optional(),
  /** The paid plan the voucher grants. */
  type: z.enum(['pro', 'ultra-pro', 'enterprise']),
  credits: z.number().int().min(0).max(VOUCHER_LIMITS.maxCredits),
  /** Days of the plan, counted from redemption. */
  duration: z.number().int().min(1).max(VOUCHER_LIMITS.maxDurationDays),
  usageLimit: z.number().int().min(1).max(VOUCHER_LIMITS.maxUsageLimit),
  /** Never expires when null or omitted. */
  expiresAt: ZIsoDateTime.nullable().optional(),
});
export type TCreateVoucherBody = z.input<typeof ZCreateVoucherBody>;
export type TCreateVoucherInput = z.output<typeof ZCreateVoucherBody>;

export const ZVoucherResponse = z.object({
  success: z.literal(true),
  data: z.object({ voucher: ZVoucher }),
});
export type TVoucherResponse = z.infer<typeof ZVoucherResponse>;

/** Staff (`vouchers.manage`). 409 `vouchers/code_taken` for a chosen code that exists. */
export const createVoucher = defineEndpoint({
  method: 'POST',
  path: '/api/admin/vouchers',
  summary: 'Staff: create a voucher',
  auth: true,
  body: ZCreateVoucherBody,
  response: ZVoucherResponse,
  audit: { action: 'vouchers.create', target: 'voucher' },
});
