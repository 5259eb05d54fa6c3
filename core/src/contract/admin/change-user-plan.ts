import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId } from '../common';
import { ZIdParams } from './paging';
import { ZAdminUserResponse } from './admin-user';

export const ZChangeUserPlanBody = z.object({
  planId: ZPlanId,
  /** Days from now; one year when omitted. */
  duration: z.number().int().min(1).max(3650).optional(),
});
export type TChangeUserPlanBody = z.infer<typeof ZChangeUserPlanBody>;

/** Owner and admin (`users.plan`): the plan is active at once; a pending request stays queued. */
export const changeUserPlan = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/:id/plan',
  summary: "Staff: set a user's plan",
  auth: true,
  params: ZIdParams,
  body: ZChangeUserPlanBody,
  response: ZAdminUserResponse,
  audit: { action: 'users.plan', target: 'user' },
});
