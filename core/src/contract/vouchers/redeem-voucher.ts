import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId, zString } from '../common';

/** Any code text: a malformed one is answered like an unknown one ('Voucher code not found'). */
export const ZRedeemVoucherBody = z.object({ code: zString(64) });
export type TRedeemVoucherBody = z.infer<typeof ZRedeemVoucherBody>;

export const ZRedeemVoucherResponse = z.object({
  success: z.literal(true),
  /** §8 success text when the voucher granted its plan; a true variant otherwise. */
  message: z.string(),
  data: z.object({
    credits: z.number().int(),
    type: ZPlanId,
    duration: z.number().int(),
    /** What it did to the plan: started it, extended it, or kept a bigger one. */
    effect: z.enum(['grant', 'extend', 'keep']),
    /** The user's credits and plan after redemption. */
    totalCredits: z.number().int(),
    planId: ZPlanId,
    endDate: z.string(),
  }),
});
export type TRedeemVoucherResponse = z.infer<typeof ZRedeemVoucherResponse>;

/**
 * Redeems a voucher once per user, atomically. Errors carry the §8 texts:
 * 404 `vouchers/not_found`, 410 `vouchers/expired`, 409 `vouchers/limit_reached`,
 * 409 `vouchers/already_used`.
 */
export const redeemVoucher = defineEndpoint({
  method: 'POST',
  path: '/api/vouchers/redeem',
  summary: 'Redeem a voucher for credits and a plan',
  auth: true,
  body: ZRedeemVoucherBody,
  response: ZRedeemVoucherResponse,
  audit: { action: 'vouchers.redeem', target: 'voucher' },
});
