import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActivityItem } from '@stratum/core/contract/activity/list-recent-activity';
import { bearer, json, signUp, startTestServer, STRONG_PASSWORD, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe('GET /api/activity/recent', () => {
  it("answers the caller's own sign-ins and ended sessions, newest first", async () => {
    const first = await signUp(server);
    const other = await signUp(server);
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(first.token),
    });
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': CHROME },
      payload: { email: first.email, password: STRONG_PASSWORD },
    });
    const { token } = json<{ token: string }>(login);

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/activity/recent',
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(200);
    const { items } = json<{ data: { items: TActivityItem[] } }>(response).data;
    expect(items.map((i) => i.kind)).toEqual([
      'signed-in',
      'session-ended',
      'signed-in',
      'email-verified',
      'account-created',
    ]);
    expect(items[0]).toMatchObject({ isCurrentSession: true, device: 'Chrome on Linux' });
    expect(items.filter((i) => i.isCurrentSession)).toHaveLength(1);
    const otherResponse = await server.app.inject({
      method: 'GET',
      url: '/api/activity/recent',
      headers: bearer(other.token),
    });
    const otherIds = json<{ data: { items: TActivityItem[] } }>(otherResponse).data.items.map(
      (i) => i.id,
    );
    expect(otherIds.some((id) => items.some((i) => i.id === id))).toBe(false);
  });

  it('needs a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/activity/recent' });
    expect(response.statusCode).toBe(401);
  });
});
