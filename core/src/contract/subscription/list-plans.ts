import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlan } from './plan';

export const ZListPlansResponse = z.object({
  success: z.literal(true),
  data: z.object({ plans: z.array(ZPlan) }),
});
export type TListPlansResponse = z.infer<typeof ZListPlansResponse>;

export const listPlans = defineEndpoint({
  method: 'GET',
  path: '/api/subscription/plans',
  summary: 'The four plans (§9) with price, limits, features, priority and support',
  auth: false,
  response: ZListPlansResponse,
});
