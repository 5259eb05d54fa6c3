import { verifyOtp, type TVerifyOtpBody } from '@stratum/core/contract/auth/verify-otp';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/verify-otp: the six-digit code starts a session. */
export const submitVerificationCode = (body: TVerifyOtpBody) => callApi(verifyOtp, { body });
