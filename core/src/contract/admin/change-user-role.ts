import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZRole } from '../common';
import { ZIdParams } from './paging';
import { ZAdminUserResponse } from './admin-user';

export const ZChangeUserRoleBody = z.object({ role: ZRole });
export type TChangeUserRoleBody = z.infer<typeof ZChangeUserRoleBody>;

/**
 * Owner and admin only (`users.role`); never the owner, never oneself, never to owner, never
 * above the actor's own role. 403 `auth/forbidden` with the reason otherwise.
 */
export const changeUserRole = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/:id/role',
  summary: "Staff: change a user's role",
  auth: true,
  params: ZIdParams,
  body: ZChangeUserRoleBody,
  response: ZAdminUserResponse,
  audit: { action: 'users.role', target: 'user' },
});
