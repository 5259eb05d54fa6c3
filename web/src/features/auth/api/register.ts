import { register, type TRegisterBody } from '@stratum/core/contract/auth/register';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/register: an unverified account; the emailed code signs it in. */
export const submitRegistration = (body: TRegisterBody) => callApi(register, { body });
