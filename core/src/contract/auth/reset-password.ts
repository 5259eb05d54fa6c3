import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZOk, ZPassword, zString } from '../common';

export const ZResetPasswordBody = z.object({
  email: ZEmail,
  token: zString(200).trim().min(1, 'Fill all fields'),
  newPassword: ZPassword,
});
export type TResetPasswordBody = z.input<typeof ZResetPasswordBody>;

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  summary: 'Set a new password with the mailed token; revokes every session of the user',
  auth: false,
  body: ZResetPasswordBody,
  response: ZOk,
  audit: { action: 'auth.password.reset', target: 'user' },
});
