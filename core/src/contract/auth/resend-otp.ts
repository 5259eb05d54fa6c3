import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmail } from '../common';

export const ZResendOtpBody = z.object({ email: ZEmail });
export type TResendOtpBody = z.input<typeof ZResendOtpBody>;

export const ZResendOtpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Seconds until another code may be requested. */
  cooldownSeconds: z.number().int(),
});
export type TResendOtpResponse = z.infer<typeof ZResendOtpResponse>;

export const resendOtp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/resend-otp',
  summary: "Mail a new code; within 60 s of the last one the answer says 'please wait'",
  auth: false,
  body: ZResendOtpBody,
  response: ZResendOtpResponse,
  audit: { action: 'auth.code.resend', target: 'user' },
});
