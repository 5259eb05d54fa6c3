import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from './paging';

/** Owner and admin (`users.delete`); never the owner or oneself. */
export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/users/:id',
  summary: 'Staff: delete an account and everything it owns',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'users.delete', target: 'user' },
});
