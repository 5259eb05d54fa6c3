import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZServerUser, zString } from '../common';

export const ZVerifyOtpBody = z.object({
  email: ZEmail,
  /** §5: exactly six digits; non-digits are stripped. */
  code: zString(64)
    .overwrite((v) => v.replace(/\D/g, ''))
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type TVerifyOtpBody = z.input<typeof ZVerifyOtpBody>;

export const ZVerifyOtpResponse = z.object({
  success: z.literal(true),
  user: ZServerUser,
  token: z.string(),
  message: z.string(),
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

export const verifyOtp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-otp',
  summary: 'Verify the emailed code, verify the account and start a session',
  auth: false,
  body: ZVerifyOtpBody,
  response: ZVerifyOtpResponse,
  audit: { action: 'auth.verify', target: 'session' },
});
