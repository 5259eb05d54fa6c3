import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId } from '../common';
import { ZRedeemVoucherBody } from './redeem-voucher';

export const ZVoucherPlanEffect = z.enum(['grant', 'extend', 'keep']);

export const ZPreviewVoucherResponse = z.object({
  success: z.literal(true),
  data: z.object({
    credits: z.number().int(),
    type: ZPlanId,
    duration: z.number().int(),
    /** What redeeming would do to the plan: start it, extend it, or keep a bigger one. */
    effect: ZVoucherPlanEffect,
    currentPlan: ZPlanId,
    /** The sentence to show before redeeming. */
    message: z.string(),
  }),
});
export type TPreviewVoucherResponse = z.infer<typeof ZPreviewVoucherResponse>;

/**
 * What redeeming the code would do for the signed-in user, without redeeming it. The same
 * errors as redeeming (§8 texts): 404, 410, 409 limit reached, 409 already used.
 */
export const previewVoucher = defineEndpoint({
  method: 'POST',
  path: '/api/vouchers/preview',
  summary: 'Say what redeeming a voucher would do, without redeeming it',
  auth: true,
  body: ZRedeemVoucherBody,
  response: ZPreviewVoucherResponse,
  audit: { exempt: 'a preview: says what redeeming would do and saves nothing' },
});
