import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId, zText } from '../common';
import { ZIdParams } from '../admin/paging';
import { VOUCHER_LIMITS } from '../../vouchers';
import { ZActivationRequest } from './activation-request';

/**
 * §7, exactly: `{ action: 'approve', notes, planType, credits, duration }` or
 * `{ action: 'reject', rejectionReason }`. Omitted approval fields default to what was
 * requested (plan, credits) and one year (duration, in days).
 */
export const ZProcessRequestBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    notes: zText(2000).optional(),
    planType: ZPlanId.optional(),
    credits: z.number().int().min(0).max(VOUCHER_LIMITS.maxCredits).optional(),
    duration: z.number().int().min(1).max(VOUCHER_LIMITS.maxDurationDays).optional(),
  }),
  z.object({
    action: z.literal('reject'),
    rejectionReason: zText(2000).optional(),
  }),
]);
export type TProcessRequestBody = z.input<typeof ZProcessRequestBody>;
export type TProcessRequestInput = z.output<typeof ZProcessRequestBody>;

export const ZProcessRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ request: ZActivationRequest }),
});
export type TProcessRequestResponse = z.infer<typeof ZProcessRequestResponse>;

/** Staff (`requests.process`). 409 `subscription/request_processed` when already decided. */
export const processRequest = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/process-request/:id',
  summary: 'Staff: approve or reject an activation request',
  auth: true,
  params: ZIdParams,
  body: ZProcessRequestBody,
  response: ZProcessRequestResponse,
  audit: { action: 'requests.approve|requests.reject', target: 'activation_request' },
});
