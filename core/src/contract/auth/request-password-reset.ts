import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOk, zEmail } from '../common';

export const ZRequestPasswordResetBody = z.object({
  email: zEmail('Enter a valid email to request a reset'),
});
export type TRequestPasswordResetBody = z.input<typeof ZRequestPasswordResetBody>;

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/auth/request-password-reset',
  summary: 'Mail a single-use reset link; the answer is the same whether or not the address exists',
  auth: false,
  body: ZRequestPasswordResetBody,
  response: ZOk,
  audit: { action: 'auth.password.reset-request', target: 'user' },
});
