import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@stratum/core/admin';
import { json, STRONG_PASSWORD, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

let server: TestServer;
let owner: Account;
let admin: Account;
let moderator: Account;
let helper: Account;
beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, moderator, helper] = await Promise.all([
    signUpAs(server, 'owner'),
    signUpAs(server, 'admin'),
    signUpAs(server, 'moderator'),
    signUpAs(server, 'helper'),
  ]);
});
afterAll(async () => {
  await server.close();
});

const as = (account: Account): Caller => callerFor(server, account);

async function me(account: Account) {
  const res = await as(account)('GET', '/api/auth/verify');
  return { status: res.statusCode, user: json<{ user?: Record<string, unknown> }>(res).user };
}

describe('listing users', () => {
  it('searches by email or name, filters by role, plan and status, and pages', async () => {
    const user = await signUpAs(server, 'user');
    await server.db
      .updateTable('users')
      .set({ first_name: 'Grace', last_name: `Hopper${user.userId.slice(0, 6)}` })
      .where('id', '=', user.userId)
      .execute();
    const byEmail = await as(helper)(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(user.email)}`,
    );
    expect(byEmail.statusCode).toBe(200);
    const found = json<{ data: { items: Record<string, unknown>[]; total: number } }>(byEmail).data;
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: user.userId,
      role: 'user',
      subscriptionType: 'free',
      isEmailVerified: true,
      isDisabled: false,
    });
    expect(byEmail.body).not.toMatch(/argon2|password/i);

    const byName = await as(helper)(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(`grace hopper${user.userId.slice(0, 6)}`)}`,
    );
    expect(json<{ data: { total: number } }>(byName).data.total).toBe(1);

    const admins = await as(helper)('GET', '/api/admin/users?role=admin&pageSize=100');
    const roles = json<{ data: { items: { role: string }[] } }>(admins).data.items.map(
      (u) => u.role,
    );
    expect(new Set(roles)).toEqual(new Set(['admin']));

    const page = await as(helper)('GET', '/api/admin/users?pageSize=2&page=2');
    const paged = json<{ data: { items: unknown[]; page: number; total: number } }>(page).data;
    expect(paged).toMatchObject({ page: 2 });
    expect(paged.items.length).toBeLessThanOrEqual(2);
    expect(paged.total).toBeGreaterThanOrEqual(5);
  });
});

describe('roles', () => {
  it('lets an admin make a user a helper, at once, and records it', async () => {
    const user = await signUpAs(server, 'user');
    expect((await me(user)).user).toMatchObject({ role: 'user' }); // now cached by the server
    const res = await as(admin)('PUT', `/api/admin/users/${user.userId}/role`, { role: 'helper' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ data: { user: { role: 'helper' } } });
    expect((await me(user)).user).toMatchObject({ role: 'helper' });

    const audit = await as(helper)('GET', `/api/admin/audit?targetId=${user.userId}&action=users.`);
    expect(json(audit)).toMatchObject({
      data: {
        total: 1,
        items: [
          {
            action: 'users.role',
            actorEmail: admin.email,
            actorRole: 'admin',
            targetType: 'user',
            targetId: user.userId,
            // The target is named, not only identified.
            targetLabel: expect.stringContaining(`<${user.email}>`) as string,
            before: { role: 'user' },
            after: { role: 'helper' },
          },
        ],
      },
    });
  });

  it('keeps role changes to owner and admin, and nobody touches the owner', async () => {
    const user = await signUpAs(server, 'user');
    const byModerator = await as(moderator)('PUT', `/api/admin/users/${user.userId}/role`, {
      role: 'helper',
    });
    expect(byModerator.statusCode).toBe(403);
    expect(json(byModerator)).toMatchObject({ code: 'auth/forbidden' });

    const demoteOwner = await as(admin)('PUT', `/api/admin/users/${owner.userId}/role`, {
      role: 'user',
    });
    expect(demoteOwner.statusCode).toBe(403);
    expect(json(demoteOwner)).toMatchObject({ message: ADMIN_MSG.ownerProtected });
    const selfDemote = await as(owner)('PUT', `/api/admin/users/${owner.userId}/role`, {
      role: 'admin',
    });
    expect(json(selfDemote)).toMatchObject({ message: ADMIN_MSG.ownerProtected });
    for (const path of ['disabled', '']) {
      const res = await as(owner)(
        path ? 'PUT' : 'DELETE',
        `/api/admin/users/${owner.userId}${path ? `/${path}` : ''}`,
        path ? { isDisabled: true } : undefined,
      );
      expect(res.statusCode).toBe(403);
    }
    const makeOwner = await as(owner)('PUT', `/api/admin/users/${user.userId}/role`, {
      role: 'owner',
    });
    expect(json(makeOwner)).toMatchObject({ message: ADMIN_MSG.ownerNotAssignable });
    const otherAdmin = await as(admin)(
      'PUT',
      `/api/admin/users/${(await signUpAs(server, 'admin')).userId}/role`,
      {
        role: 'user',
      },
    );
    expect(json(otherAdmin)).toMatchObject({ message: ADMIN_MSG.outranked });
    const unknown = await as(admin)('PUT', `/api/admin/users/${crypto.randomUUID()}/role`, {
      role: 'user',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await me(owner)).toMatchObject({ status: 200, user: { role: 'owner' } });
  });
});

describe('plan and credits', () => {
  it('sets a plan (active for a year) and a credit balance', async () => {
    const user = await signUpAs(server, 'user');
    const plan = await as(admin)('PUT', `/api/admin/users/${user.userId}/plan`, {
      planId: 'enterprise',
    });
    expect(plan.statusCode).toBe(200);
    const credits = await as(admin)('PUT', `/api/admin/users/${user.userId}/credits`, {
      credits: 500,
    });
    expect(json(credits)).toMatchObject({
      data: { user: { subscriptionType: 'enterprise', credits: 500 } },
    });
    expect((await me(user)).user).toMatchObject({ subscriptionType: 'enterprise', credits: 500 });
    const sub = await as(user)('GET', '/api/subscription');
    expect(json(sub)).toMatchObject({
      data: {
        subscription: { planId: 'enterprise', status: 'active' },
        usage: { generationsRemaining: null },
      },
    });
    const byModerator = await as(moderator)('PUT', `/api/admin/users/${user.userId}/credits`, {
      credits: 1,
    });
    expect(byModerator.statusCode).toBe(403);
  });
});

describe('disabling and deleting', () => {
  it('disables at once (sessions end, sign-in refused) and enables again', async () => {
    const user = await signUpAs(server, 'user');
    expect((await me(user)).status).toBe(200);
    const off = await as(moderator)('PUT', `/api/admin/users/${user.userId}/disabled`, {
      isDisabled: true,
    });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toMatchObject({ data: { user: { isDisabled: true } } });
    expect((await me(user)).status).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(403);

    const on = await as(moderator)('PUT', `/api/admin/users/${user.userId}/disabled`, {
      isDisabled: false,
    });
    expect(json(on)).toMatchObject({ data: { user: { isDisabled: false, disabledAt: null } } });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(200);

    const staffTarget = await as(moderator)('PUT', `/api/admin/users/${admin.userId}/disabled`, {
      isDisabled: true,
    });
    expect(json(staffTarget)).toMatchObject({
      code: 'auth/forbidden',
      message: ADMIN_MSG.outranked,
    });
  });

  it('deletes an account with its sessions; helpers and moderators may not', async () => {
    const user = await signUpAs(server, 'user');
    for (const who of [helper, moderator]) {
      expect((await as(who)('DELETE', `/api/admin/users/${user.userId}`)).statusCode).toBe(403);
    }
    const res = await as(admin)('DELETE', `/api/admin/users/${user.userId}`);
    expect(res.statusCode).toBe(200);
    expect((await me(user)).status).toBe(401);
    const row = await server.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', user.userId)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', user.userId)
      .where('action', '=', 'users.delete')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ email: user.email });
    expect((await as(admin)('DELETE', `/api/admin/users/${admin.userId}`)).statusCode).toBe(403);
  });
});

describe('the audit trail', () => {
  it('filters by actor, action prefix and date, newest first', async () => {
    const user = await signUpAs(server, 'user');
    await as(owner)('PUT', `/api/admin/users/${user.userId}/credits`, { credits: 3 });
    await as(owner)('PUT', `/api/admin/users/${user.userId}/plan`, { planId: 'pro', duration: 10 });
    const since = new Date(Date.now() - 60_000).toISOString();
    const res = await as(helper)(
      'GET',
      `/api/admin/audit?actor=${encodeURIComponent(owner.email)}&targetId=${user.userId}&from=${encodeURIComponent(since)}`,
    );
    const data = json<{ data: { items: { action: string }[]; total: number; actions: string[] } }>(
      res,
    ).data;
    expect(data.items.map((i) => i.action)).toEqual(['users.plan', 'users.credits']);
    expect(data.actions).toEqual(expect.arrayContaining(['users.plan', 'users.credits']));
    const future = await as(helper)(
      'GET',
      `/api/admin/audit?targetId=${user.userId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(json(future)).toMatchObject({ data: { total: 0 } });
  });
});
