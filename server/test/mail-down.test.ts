import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import { json, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from './harness';

// The mail server is down (or refuses the address): sign-up says so instead of a 500, and
// keeps nothing, so the same address can sign up again once mail flows.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.mailbox.stop();
});
afterAll(async () => {
  await server.close();
});

describe('sign-up while mail cannot be sent', () => {
  it('answers 503 with a clear message and leaves no account behind', async () => {
    const email = uniqueEmail('nomail');
    const register = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: STRONG_PASSWORD, firstName: 'No', lastName: 'Mail' },
      });
    const first = await register();
    expect(first.statusCode).toBe(503);
    expect(json(first)).toEqual({
      success: false,
      code: 'mail/unavailable',
      message: MSG.mailUnavailable,
    });
    const row = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Not 'Email already registered': nothing stayed behind.
    expect((await register()).statusCode).toBe(503);
  });
});
