import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZServerUser } from '../common';

export const ZVerifyResponse = z.object({ success: z.literal(true), user: ZServerUser });
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;

export const verifySession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/verify',
  summary: 'Check the bearer token and return its user; 401 when expired or revoked',
  auth: true,
  response: ZVerifyResponse,
});
