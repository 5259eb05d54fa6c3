import { VERIFY_TIMEOUT_MS } from '@stratum/core/constants';
import { verifySession } from '@stratum/core/contract/auth/verify';
import { callApi } from '../api-client';

/** GET /api/auth/verify: the stored token's user, or a failure within 3 s (§9). */
export const fetchSessionUser = () => callApi(verifySession, { timeoutMs: VERIFY_TIMEOUT_MS });
