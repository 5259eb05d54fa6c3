import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from './paging';
import { ZAdminUserResponse } from './admin-user';

export const ZChangeUserCreditsBody = z.object({
  /** The new balance (not an amount to add). */
  credits: z.number().int().min(0).max(100_000_000),
});
export type TChangeUserCreditsBody = z.infer<typeof ZChangeUserCreditsBody>;

/** Owner and admin (`users.credits`). */
export const changeUserCredits = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/:id/credits',
  summary: "Staff: set a user's credits",
  auth: true,
  params: ZIdParams,
  body: ZChangeUserCreditsBody,
  response: ZAdminUserResponse,
  audit: { action: 'users.credits', target: 'user' },
});
