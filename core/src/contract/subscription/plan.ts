import { z } from 'zod';
import { ZPlanId } from '../common';
import { SUBSCRIPTION_STATUSES } from '../../subscription';

/** §3 Plan. */
export const ZPlan = z.object({
  id: ZPlanId,
  name: z.string(),
  price: z.number(),
  features: z.array(z.string()),
  maxProjects: z.number().int(),
  maxGenerations: z.number().int(),
  priority: z.number().int(),
  support: z.string(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/**
 * §3 Subscription record: the plan last chosen and its status. While a paid plan is pending,
 * `planId` is the requested plan; the limits that apply meanwhile are `currentPlan`'s.
 */
export const ZSubscriptionRecord = z.object({
  planId: ZPlanId,
  status: ZSubscriptionStatus,
  startDate: z.string(),
  endDate: z.string(),
  generationsUsed: z.number().int().min(0),
  projectsCreated: z.number().int().min(0),
});
export type TSubscriptionRecord = z.infer<typeof ZSubscriptionRecord>;

/** This month's usage against the current plan; `null` remaining means unlimited. */
export const ZUsage = z.object({
  generationsUsed: z.number().int(),
  generationsLimit: z.number().int(),
  generationsRemaining: z.number().int().nullable(),
  projectsCreated: z.number().int(),
  projectsLimit: z.number().int(),
  projectsRemaining: z.number().int().nullable(),
  resetsAt: z.string(),
});
export type TUsage = z.infer<typeof ZUsage>;
