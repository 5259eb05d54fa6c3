import { login, type TLoginBody } from '@stratum/core/contract/auth/login';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/auth/login. The signed-out pages have no Query client (it ships with the signed-in
 * app), so their calls are plain functions; the form's `isSubmitting` is the pending state.
 */
export const submitLogin = (body: TLoginBody) => callApi(login, { body });
