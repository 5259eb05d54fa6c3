import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window with an in-memory localStorage, as the session module expects in a browser. */
function stubBrowser(initial: Record<string, string> = {}) {
  const store = new Map(Object.entries(initial));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
  return store;
}

async function loadSession() {
  vi.resetModules();
  return (await import('./session')).session;
}

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2ln';
const USER = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('session', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('starts signed out without a token, and restoring with a well-formed one', async () => {
    stubBrowser();
    expect((await loadSession()).getState().status).toBe('signed-out');
    stubBrowser({ auth_token: TOKEN });
    expect((await loadSession()).getState()).toMatchObject({ status: 'restoring', token: TOKEN });
  });

  it('clears a stored token that does not have three dot-separated parts', async () => {
    const store = stubBrowser({ auth_token: 'garbage', auth_user: '{}' });
    expect((await loadSession()).getState().status).toBe('signed-out');
    expect(store.has('auth_token')).toBe(false);
    expect(store.has('auth_user')).toBe(false);
  });

  it('stores token and client user on sign-in, and forgets both on end, keeping the first reason', async () => {
    const store = stubBrowser();
    const session = await loadSession();
    session.signIn(TOKEN, USER);
    expect(store.get('auth_token')).toBe(TOKEN);
    expect(JSON.parse(store.get('auth_user')!)).toMatchObject({
      name: 'Ada Lovelace',
      role: 'user',
    });
    session.end({ redirectTo: '/auth', notice: 'Your session has expired' });
    session.end({ redirectTo: '/auth', notice: 'Unauthorized' });
    expect(session.getState()).toMatchObject({
      status: 'signed-out',
      redirectTo: '/auth',
      notice: 'Your session has expired',
    });
    expect(store.size).toBe(0);
  });
});
