import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from './paging';
import { ZAdminUserResponse } from './admin-user';

export const ZSetUserDisabledBody = z.object({ isDisabled: z.boolean() });
export type TSetUserDisabledBody = z.infer<typeof ZSetUserDisabledBody>;

/**
 * Owner, admin, moderator (`users.disable`), on lower roles only. Disabling ends every
 * session of the account at once; enabling lets it sign in again.
 */
export const setUserDisabled = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/users/:id/disabled',
  summary: 'Staff: disable or enable an account',
  auth: true,
  params: ZIdParams,
  body: ZSetUserDisabledBody,
  response: ZAdminUserResponse,
  audit: { action: 'users.disable', target: 'user' },
});
