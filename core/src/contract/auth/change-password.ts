import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOk, ZPassword } from '../common';

export const ZChangePasswordBody = z.object({
  currentPassword: ZPassword,
  newPassword: ZPassword,
});
export type TChangePasswordBody = z.input<typeof ZChangePasswordBody>;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  summary: 'Change the password (current one required); other sessions are revoked',
  auth: true,
  body: ZChangePasswordBody,
  response: ZOk,
  audit: { action: 'auth.password.change', target: 'user' },
});
