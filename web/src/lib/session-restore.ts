import { VERIFY_TIMEOUT_MS } from '@stratum/core/constants';
import { verifySession } from '@stratum/core/contract/auth/verify';
import { callApi } from './api-client';
import { session } from './session';

/**
 * §4 start-up: the stored token is checked with GET /api/auth/verify within 3 s. A 401 has
 * already ended the session (and sends the user to /auth); a failure or a time-out clears it.
 */
export async function restoreSession(): Promise<void> {
  const { token } = session.getState();
  if (!token) return;
  try {
    const { user } = await callApi(verifySession, { timeoutMs: VERIFY_TIMEOUT_MS });
    session.signIn(token, user);
  } catch {
    if (session.getState().status !== 'signed-out') session.end();
  }
}
