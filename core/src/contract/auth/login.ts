import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZPassword, ZServerUser } from '../common';

export const ZLoginBody = z.object({ email: ZEmail, password: ZPassword });
export type TLoginBody = z.input<typeof ZLoginBody>;

export const ZLoginResponse = z.object({
  success: z.literal(true),
  user: ZServerUser,
  token: z.string(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in; 403 with requiresVerification for an unverified account',
  auth: false,
  body: ZLoginBody,
  response: ZLoginResponse,
  audit: { action: 'auth.login', target: 'session' },
});
