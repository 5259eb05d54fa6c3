import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Revoke the session the bearer token names',
  auth: true,
  response: ZOk,
  audit: { action: 'auth.logout', target: 'session' },
});
