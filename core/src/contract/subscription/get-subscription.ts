import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZActivationRequest } from './activation-request';
import { ZPlan, ZSubscriptionRecord, ZUsage } from './plan';

/** The period of the plan in force (a pending request's record does not describe it). */
export const ZCurrentPeriod = z.object({
  status: z.enum(['active', 'cancelled']),
  startDate: z.string(),
  endDate: z.string(),
});

export const ZSubscriptionView = z.object({
  subscription: ZSubscriptionRecord,
  /** The plan whose limits apply now (a pending upgrade does not apply yet). */
  currentPlan: ZPlan,
  currentPeriod: ZCurrentPeriod,
  /** Whose limits `usage` holds: the plan's, or none because the account is staff (decision 0010). */
  limitsFrom: z.enum(['plan', 'staff']),
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
