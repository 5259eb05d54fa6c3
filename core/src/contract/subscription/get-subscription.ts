import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZActivationRequest } from './activation-request';
import { ZPlan, ZSubscriptionRecord, ZUsage } from './plan';

export const ZSubscriptionView = z.object({
  subscription: ZSubscriptionRecord,
  /** The plan whose limits apply now (a pending upgrade does not apply yet). */
  currentPlan: ZPlan,
  usage: ZUsage,
  credits: z.number().int(),
  /** The user's activation request waiting for staff, if any. */
  pendingRequest: ZActivationRequest.nullable(),
});
export type TSubscriptionView = z.infer<typeof ZSubscriptionView>;

export const ZGetSubscriptionResponse = z.object({
  success: z.literal(true),
  data: ZSubscriptionView,
});
export type TGetSubscriptionResponse = z.infer<typeof ZGetSubscriptionResponse>;

export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/api/subscription',
  summary: "The signed-in user's subscription record, current plan and this month's usage",
  auth: true,
  response: ZGetSubscriptionResponse,
});
