import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId, zText } from '../common';
import { ZSubscriptionView } from './get-subscription';

export const ZChoosePlanBody = z.object({
  planId: ZPlanId,
  /** For a paid plan: a note to the staff who review the request. */
  message: zText(1000).optional(),
  /** For a paid plan: the credits asked for. */
  requestedCredits: z.number().int().min(0).max(1_000_000).optional(),
});
export type TChoosePlanBody = z.input<typeof ZChoosePlanBody>;
export type TChoosePlanInput = z.output<typeof ZChoosePlanBody>;

export const ZChoosePlanResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZSubscriptionView,
});
export type TChoosePlanResponse = z.infer<typeof ZChoosePlanResponse>;

/**
 * §4: free becomes active at once; a paid plan becomes pending with an activation request and
 * the 'activation_request' mail. 409 `subscription/request_pending` while one is waiting.
 */
export const choosePlan = defineEndpoint({
  method: 'POST',
  path: '/api/subscription/choose',
  summary: 'Choose a plan: free is active at once, a paid plan is requested from staff',
  auth: true,
  body: ZChoosePlanBody,
  response: ZChoosePlanResponse,
  audit: { action: 'subscription.choose', target: 'subscription' },
});
