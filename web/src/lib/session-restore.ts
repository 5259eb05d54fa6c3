import { fetchSessionUser } from './api/verify-session';
import { session } from './session';

/**
 * §4 start-up: the stored token is checked with GET /api/auth/verify within 3 s. A 401 has
 * already ended the session (and sends the user to /auth); a failure or a time-out clears it.
 */
export async function restoreSession(): Promise<void> {
  const { token } = session.getState();
  if (!token) return;
  try {
    const { user } = await fetchSessionUser();
    session.signIn(token, user);
  } catch {
    if (session.getState().status !== 'signed-out') session.end();
  }
}
