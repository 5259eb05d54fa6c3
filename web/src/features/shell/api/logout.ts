import { logout } from '@stratum/core/contract/auth/logout';
import { callApi } from '../../../lib/api-client';

/** POST /api/auth/logout: the server revokes this session's token. */
export const submitLogout = () => callApi(logout, { timeoutMs: 5000 });
