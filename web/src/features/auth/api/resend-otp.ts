import { resendOtp } from '@stratum/core/contract/auth/resend-otp';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/resend-otp: a new code, at most one a minute. */
export const requestNewCode = (email: string) => callApi(resendOtp, { body: { email } });
