import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUnreadCount } from '@stratum/core/contract/messages/get-unread-count';
import { sendContactMessage } from '@stratum/core/contract/contact/send-contact-message';

function stubBrowser(token: string | null) {
  const store = new Map<string, string>(token ? [['auth_token', token]] : []);
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
}

async function load() {
  vi.resetModules();
  const client = await import('./api-client');
  const { session } = await import('./session');
  return { ...client, session };
}

const TOKEN = 'aaa.bbb.ccc';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and credentials on authenticated calls', async () => {
    stubBrowser(TOKEN);
    const fetchMock = vi.fn(() =>
      Promise.resolve(json(200, { success: true, data: { count: 3 } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { callApi } = await load();
    await expect(callApi(getUnreadCount)).resolves.toEqual({ success: true, data: { count: 3 } });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/messages/unread-count',
      expect.objectContaining({
        method: 'GET',
        credentials: 'include',
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }) as unknown,
      }),
    );
  });

  it('turns an error answer into an ApiError, and a 401 into the end of the session', async () => {
    stubBrowser(TOKEN);
    const body = { success: false, code: 'auth/unauthorized', message: 'Please sign in again.' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(401, body))),
    );
    const { callApi, ApiError, session } = await load();
    const error = await callApi(getUnreadCount).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'auth/unauthorized',
      message: 'Please sign in again.',
    });
    expect(session.getState()).toMatchObject({ status: 'signed-out', redirectTo: '/auth' });
  });

  it('leaves the session alone when a public call fails, and reports no answer as a NetworkError', async () => {
    stubBrowser(TOKEN);
    const body = { success: false, code: 'request/invalid', message: 'Enter your name' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(400, body))),
    );
    const { callApi, NetworkError, session } = await load();
    const payload = { name: '', email: 'a@b.co', subject: 's', message: 'long enough' };
    await expect(callApi(sendContactMessage, { body: payload })).rejects.toMatchObject({
      code: 'request/invalid',
    });
    expect(session.getState().status).toBe('restoring');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(getUnreadCount)).rejects.toBeInstanceOf(NetworkError);
  });

  it('keeps the session when the current password is mistyped (a 400, not a 401)', async () => {
    stubBrowser(TOKEN);
    const body = {
      success: false,
      code: 'auth/wrong_current_password',
      message: 'Current password is incorrect',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(400, body))),
    );
    const { callApi, session } = await load();
    await expect(callApi(getUnreadCount)).rejects.toMatchObject({
      code: 'auth/wrong_current_password',
    });
    expect(session.getState().status).toBe('restoring');
  });
});

describe('fillPath', () => {
  it('fills :name segments, encoded, and refuses a missing one', async () => {
    const { fillPath } = await import('./api-client');
    expect(fillPath('/api/messages/:id/read', { id: 'a b/c' })).toBe(
      '/api/messages/a%20b%2Fc/read',
    );
    expect(fillPath('/api/messages')).toBe('/api/messages');
    expect(() => fillPath('/api/messages/:id')).toThrow(/Missing path parameter id/);
  });
});

describe('callApi error details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the issues and the current revision of an error answer', async () => {
    stubBrowser(TOKEN);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(409, {
          success: false,
          code: 'planner/revision_conflict',
          message: 'changed',
          currentRevision: 7,
          issues: [{ path: 'a', message: 'b' }],
        }),
      ),
    );
    const { callApi, ApiError } = await load();
    const { getProject } = await import('@stratum/core/contract/planner/get-project');
    const error: unknown = await callApi(getProject, { params: { id: 'p1' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ currentRevision: 7, issues: [{ path: 'a', message: 'b' }] });
  });
});
