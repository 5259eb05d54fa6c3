import { useSyncExternalStore } from 'react';
import { toClientUser, type ClientUser, type ServerUserInput } from './client-user';
import {
  ONBOARDING_STORAGE_KEYS,
  readString,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './storage';
import { hasJwtShape } from './token';

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: ClientUser | null;
  /** Where the router should go once, e.g. /auth after a 401; consumed by the router. */
  redirectTo: string | null;
  /** Why the session ended, shown once on the sign-in page. */
  notice: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = initialState();

/** §4: no token, no session; a token without three dot-separated parts is cleared. */
function initialState(): SessionState {
  const token = readString(STORAGE_KEYS.authToken);
  const base = { user: null, redirectTo: null, notice: null };
  if (!token) return { ...base, status: 'signed-out', token: null };
  if (!hasJwtShape(token)) {
    clearStorage();
    return { ...base, status: 'signed-out', token: null };
  }
  return { ...base, status: 'restoring', token };
}

function clearStorage(): void {
  writeString(STORAGE_KEYS.authToken, null);
  writeString(STORAGE_KEYS.authUser, null);
  writeString(ONBOARDING_STORAGE_KEYS.userId, null);
}

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  getState: (): SessionState => state,

  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** After a login, a code verification or a successful start-up verify. */
  signIn: (token: string, user: ServerUserInput): void => {
    const clientUser = toClientUser(user);
    writeString(STORAGE_KEYS.authToken, token);
    writeJson(STORAGE_KEYS.authUser, clientUser);
    setState({ status: 'signed-in', token, user: clientUser, redirectTo: null, notice: null });
  },

  updateUser: (user: ServerUserInput): void => {
    if (state.status !== 'signed-in') return;
    const clientUser = toClientUser(user);
    writeJson(STORAGE_KEYS.authUser, clientUser);
    setState({ ...state, user: clientUser });
  },

  /** Clears the session; `redirectTo` sends the router there once. */
  end: (options: { redirectTo?: string; notice?: string } = {}): void => {
    clearStorage();
    // Several calls failing together end the session once; the first reason is kept.
    if (state.status === 'signed-out') return;
    setState({
      status: 'signed-out',
      token: null,
      user: null,
      redirectTo: options.redirectTo ?? null,
      notice: options.notice ?? null,
    });
  },

  consumeRedirect: (): void => {
    if (state.redirectTo !== null) setState({ ...state, redirectTo: null });
  },

  consumeNotice: (): void => {
    if (state.notice !== null) setState({ ...state, notice: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The signed-in user; only for components rendered inside the signed-in app. */
export function useCurrentUser(): ClientUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser outside the signed-in app');
  return user;
}
