import {
  requestPasswordReset,
  type TRequestPasswordResetBody,
} from '@stratum/core/contract/auth/request-password-reset';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/request-password-reset: the same answer whether or not the address exists. */
export const submitPasswordResetRequest = (body: TRequestPasswordResetBody) =>
  callApi(requestPasswordReset, { body });
