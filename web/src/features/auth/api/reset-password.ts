import { resetPassword, type TResetPasswordBody } from '@stratum/core/contract/auth/reset-password';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/reset-password with the mailed token; every session of the user ends. */
export const submitPasswordReset = (body: TResetPasswordBody) => callApi(resetPassword, { body });
