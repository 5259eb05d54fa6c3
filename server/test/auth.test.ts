import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stratum/core/messages';
import {
  bearer,
  codeFor,
  json,
  signUp,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

describe('register and verify', () => {
  it('stores an unverified user, mails a code, and the code signs them in', async () => {
    const email = uniqueEmail('ada');
    const res = await post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      firstName: ' <b>Ada</b> ',
      lastName: 'Lovelace',
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ success: true, requiresVerification: true, token: null });
    expect(body.user).toMatchObject({
      email,
      firstName: 'bAda/b',
      role: expect.any(String),
      subscriptionType: 'free',
      credits: 0,
    });
    expect(Object.keys(body.user as object).sort()).toEqual([
      'avatarUrl',
      'credits',
      'designation',
      'email',
      'firstName',
      'id',
      'lastLogin',
      'lastName',
      'role',
      'subscriptionType',
    ]);
    expect(res.body).not.toMatch(/argon2|password_hash|code_hash/);

    const login = await post('/api/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(json(login)).toMatchObject({
      success: false,
      requiresVerification: true,
      code: 'auth/verification_required',
    });

    const code = await codeFor(server, email);
    const verified = await post('/api/auth/verify-otp', {
      email,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(verified.statusCode).toBe(200);
    const v = json<{ token: string; message: string; user: { lastLogin: string } }>(verified);
    expect(v.token.split('.')).toHaveLength(3);
    expect(v.message).toBe(MSG.emailVerified);
    expect(v.user.lastLogin).not.toBeNull();

    const me = await server.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(v.token),
    });
    expect(json(me)).toMatchObject({ success: true, user: { email } });
    await server.mailbox.waitFor(email, (m) => /Welcome/.test(m.subject));
  });

  it('refuses a taken email with 409 and the spec text', async () => {
    const { email } = await signUp(server);
    const res = await post('/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      success: false,
      code: 'auth/email_taken',
      message: MSG.emailTaken,
    });
  });

  it.each([
    ['Ab1!', MSG.passwordTooShort],
    ['abcdefgh', MSG.passwordTooWeak],
  ])('refuses the password %j with its message and stores nothing', async (password, message) => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', {
      email,
      password,
      firstName: 'A',
      lastName: 'B',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, code: 'auth/weak_password', message });
    const row = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers missing fields with the spec text', async () => {
    const res = await post('/api/auth/register', { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'request/invalid', message: MSG.fillAllFields });
  });

  it('gives the owner role to OWNER_EMAIL and the user role to others', async () => {
    const ownerEmail = uniqueEmail('owner');
    const owned = await startTestServer({ ownerEmail });
    try {
      const owner = await owned.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: ownerEmail, password: STRONG_PASSWORD, firstName: 'O', lastName: 'W' },
      });
      expect(json<{ user: { role: string } }>(owner).user.role).toBe('owner');
      const other = await owned.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(), password: STRONG_PASSWORD, firstName: 'U', lastName: 'S' },
      });
      expect(json<{ user: { role: string } }>(other).user.role).toBe('user');
    } finally {
      await owned.close();
    }
  });
});

describe('codes', () => {
  it('are single use', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    const code = await codeFor(server, email);
    expect((await post('/api/auth/verify-otp', { email, code })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-otp', { email, code });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'auth/invalid_code', message: MSG.invalidCode });
  });

  it('burn after five wrong tries', async () => {
    const email = uniqueEmail();
    await post('/api/auth/register', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'A',
      lastName: 'B',
    });
    const code = await codeFor(server, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/verify-otp', { email, code: wrong })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { email, code })).statusCode).toBe(400);
  });

  it('expire after ten minutes', async () => {
    const email = uniqueEmail();
    const reg = json<{ user: { id: string } }>(
      await post('/api/auth/register', {
        email,
        password: STRONG_PASSWORD,
        firstName: 'A',
        lastName: 'B',
      }),
    );
    const code = await codeFor(server, email);
    await server.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', reg.user.id)
      .execute();
    expect((await post('/api/auth/verify-otp', { email, code })).statusCode).toBe(400);
  });

  it('can be resent only after 60 s, and a resend replaces the old code', async () => {
    const email = uniqueEmail();
    const reg = json<{ user: { id: string } }>(
      await post('/api/auth/register', {
        email,
        password: STRONG_PASSWORD,
        firstName: 'A',
        lastName: 'B',
      }),
    );
    const first = await codeFor(server, email);
    const tooSoon = await post('/api/auth/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(json<{ message: string }>(tooSoon).message).toContain('please wait');
    expect(tooSoon.headers['retry-after']).toBeDefined();

    await server.db
      .updateTable('email_codes')
      .set({ created_at: sql<Date>`now() - interval '61 seconds'` as never })
      .where('user_id', '=', reg.user.id)
      .execute();
    const sent = server.mailbox.count(email);
    const resent = await post('/api/auth/resend-otp', { email });
    expect(resent.statusCode).toBe(200);
    expect(json(resent)).toMatchObject({
      success: true,
      message: MSG.codeSent,
      cooldownSeconds: 60,
    });
    await server.mailbox.waitFor(email, () => server.mailbox.count(email) > sent);
    const second = /code is (\d{6})/.exec(
      server.mailbox.messages.filter((m) => m.to.includes(email)).at(-1)!.text,
    )![1]!;
    if (first !== second)
      expect((await post('/api/auth/verify-otp', { email, code: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-otp', { email, code: second })).statusCode).toBe(200);
  });

  it('answers a resend for an unknown address like a known one, without mail', async () => {
    const email = uniqueEmail('nobody');
    const res = await post('/api/auth/resend-otp', { email });
    expect(res.statusCode).toBe(200);
    expect(server.mailbox.count(email)).toBe(0);
  });

  it('strips non-digits and wants exactly six', async () => {
    const res = await post('/api/auth/verify-otp', { email: uniqueEmail(), code: '12a34' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: MSG.enterSixDigitCode });
  });
});

describe('login and lockout', () => {
  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await signUp(server);
    const wrong = await post('/api/auth/login', { email, password: 'Wrong!Passw0rd' });
    const unknown = await post('/api/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'Wrong!Passw0rd',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong)).toEqual({
      success: false,
      code: 'auth/invalid_credentials',
      message: MSG.invalidCredentials,
    });
  });

  it('locks the account for 300 s after five failures, even for the right password, then resets', async () => {
    const { email, password } = await signUp(server);
    for (let i = 1; i <= 4; i += 1) {
      expect(
        (await post('/api/auth/login', { email, password: `Wrong!${i}aaaa` })).statusCode,
      ).toBe(401);
    }
    const fifth = await post('/api/auth/login', { email, password: 'Wrong!5aaaa' });
    expect(fifth.statusCode).toBe(423);
    expect(json(fifth)).toMatchObject({ code: 'auth/locked', message: MSG.accountLocked });
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(300);

    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(423);

    await server.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await post('/api/auth/login', { email, password: 'Wrong!6aaaa' })).statusCode).toBe(
      401,
    );
    const ok = await post('/api/auth/login', { email, password });
    expect(ok.statusCode).toBe(200);
    expect(json<{ token: string }>(ok).token.split('.')).toHaveLength(3);
  });

  it('throttles a client address that keeps failing', async () => {
    const throttled = await startTestServer({
      limits: { authRequestsPerMinute: 1000, loginFailuresPerAddress: 3 },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await throttled.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail(), password: 'x' },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await throttled.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'x' },
      });
      expect(res.statusCode).toBe(429);
      expect(json(res)).toMatchObject({ code: 'auth/throttled', message: MSG.tooManyAttempts });
    } finally {
      await throttled.close();
    }
  });

  it('rate-limits the auth routes per client address with the error shape', async () => {
    const limited = await startTestServer({
      limits: { authRequestsPerMinute: 2, loginFailuresPerAddress: 100 },
    });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/resend-otp',
          payload: { email: uniqueEmail() },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(json(third)).toMatchObject({ success: false, code: 'request/rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('logout revokes exactly that session at once', async () => {
    const { email, password, token } = await signUp(server);
    const other = json<{ token: string }>(await post('/api/auth/login', { email, password })).token;
    const verify = (t: string) =>
      server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(t) });
    expect((await verify(token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    const after = await verify(token);
    expect(after.statusCode).toBe(401);
    expect(json(after)).toMatchObject({ success: false, code: 'auth/unauthorized' });
    expect((await verify(other)).statusCode).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['not a JWT', 'Bearer abc'],
    ['a forged signature', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4Iiwic3ViIjoieSJ9.c2lnbmF0dXJl'],
    ['alg none', 'Bearer eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.'],
  ])('answers 401 for %s', async (_, authorization) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const { token, userId } = await signUp(server);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const fresh = await startTestServer(); // a process whose cache has never seen the session
    try {
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

describe('profile', () => {
  it('updates name, designation and avatar, sanitised, and /verify shows it at once', async () => {
    const { token } = await signUp(server);
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        designation: '<i>Rear Admiral</i>',
        avatarUrl: 'https://example.com/a.png',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      user: {
        firstName: 'Grace',
        designation: 'iRear Admiral/i',
        avatarUrl: 'https://example.com/a.png',
      },
    });
    const me = json(
      await server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }),
    );
    expect(me).toMatchObject({ user: { firstName: 'Grace', lastName: 'Hopper' } });
  });

  it('refuses a script URL as avatar and changes nothing', async () => {
    const { token } = await signUp(server);
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { avatarUrl: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    const me = json(
      await server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }),
    );
    expect(me).toMatchObject({ user: { avatarUrl: null } });
  });

  it('needs a token', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('password change and reset', () => {
  const resetMail = async (email: string) => {
    const mail = await server.mailbox.waitFor(email, (m) =>
      /Reset your Stratum password/.test(m.subject),
    );
    const link = /(http\S+\/reset-password\?\S+)/.exec(mail.text)![1]!;
    return new URL(link).searchParams;
  };

  it('answers the same for unknown and known addresses, and mails a link only to the known', async () => {
    const { email } = await signUp(server);
    const ghost = uniqueEmail('ghost');
    const known = await post('/api/auth/request-password-reset', { email });
    const unknown = await post('/api/auth/request-password-reset', { email: ghost });
    expect(json(known)).toEqual({ success: true, message: MSG.resetRequested });
    expect(json(unknown)).toEqual(json(known));
    const params = await resetMail(email);
    expect(params.get('email')).toBe(email);
    expect(params.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.mailbox.count(ghost)).toBe(0);
  });

  it('resets once with the mailed token, revokes every session, and the new password works', async () => {
    const { email, token } = await signUp(server);
    await post('/api/auth/request-password-reset', { email });
    const params = await resetMail(email);
    const weak = await post('/api/auth/reset-password', {
      email,
      token: params.get('token'),
      newPassword: 'weakweak',
    });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject({ message: MSG.passwordTooWeak });

    const newPassword = 'N3w!Passw0rd';
    const ok = await post('/api/auth/reset-password', {
      email,
      token: params.get('token'),
      newPassword,
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ success: true, message: MSG.resetSucceeded });
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post('/api/auth/reset-password', {
          email,
          token: params.get('token'),
          newPassword: 'An0ther!Pass',
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { email, userId } = await signUp(server);
    await post('/api/auth/request-password-reset', { email });
    const params = await resetMail(email);
    await server.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const res = await post('/api/auth/reset-password', {
      email,
      token: params.get('token'),
      newPassword: 'N3w!Passw0rd',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'auth/invalid_reset_token' });
  });

  it('changes the password with the current one, keeping this session and revoking others', async () => {
    const { email, password, token } = await signUp(server);
    const other = json<{ token: string }>(await post('/api/auth/login', { email, password })).token;
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'Nope!1234', newPassword: 'N3w!Passw0rd' },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'auth/wrong_current_password' });
    const ok = await post(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'N3w!Passw0rd' },
      bearer(token),
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(other) }))
        .statusCode,
    ).toBe(401);
  });
});
