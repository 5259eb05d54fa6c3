import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZOk, ZPassword } from '../common';

export const ZResetPasswordBody = z.object({
  email: ZEmail,
  token: z.string().trim().min(1, 'Fill all fields').max(200),
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
});
