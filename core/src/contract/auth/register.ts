import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZPassword, ZServerUser, zText } from '../common';

export const ZRegisterBody = z.object({
  email: ZEmail,
  password: ZPassword,
  firstName: zText(100).pipe(z.string().min(1, 'Please fill in all fields')),
  lastName: zText(100).pipe(z.string().min(1, 'Please fill in all fields')),
});
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZRegisterResponse = z.object({
  success: z.literal(true),
  requiresVerification: z.boolean(),
  user: ZServerUser,
  /** Null until the emailed code is verified. */
  token: z.string().nullable(),
  message: z.string(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Create an unverified account and mail a six-digit code',
  auth: false,
  body: ZRegisterBody,
  response: ZRegisterResponse,
  audit: { action: 'auth.register', target: 'user' },
});
