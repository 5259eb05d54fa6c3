import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlanId, ZRole } from '../common';
import { ZPageQuery, zPage, ZSearch } from './paging';
import { ZAdminUser } from './admin-user';

export const ZListUsersQuery = ZPageQuery.extend({
  /** Matches email, first or last name. */
  search: ZSearch,
  role: ZRole.optional(),
  plan: ZPlanId.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export type TListUsersQuery = z.output<typeof ZListUsersQuery>;

export const ZListUsersResponse = z.object({
  success: z.literal(true),
  data: zPage(ZAdminUser),
});
export type TListUsersResponse = z.infer<typeof ZListUsersResponse>;

/** Staff (`users.read`), newest accounts first. */
export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Staff: search and page through users',
  auth: true,
  querystring: ZListUsersQuery,
  response: ZListUsersResponse,
});
