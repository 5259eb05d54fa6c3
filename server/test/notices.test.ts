import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MSG } from '@stratum/core/notices';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

let server: TestServer;
let moderator: Caller;
let helper: Caller;
let user: Account;
const created: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const [mod, help, plain] = await Promise.all([
    signUpAs(server, 'moderator'),
    signUpAs(server, 'helper'),
    signUpAs(server, 'user'),
  ]);
  moderator = callerFor(server, mod);
  helper = callerFor(server, help);
  user = plain;
});
afterAll(async () => {
  if (created.length > 0)
    await server.db.deleteFrom('site_notices').where('id', 'in', created).execute();
  await server.close();
});

interface Notice {
  id: string;
  title: string;
  priority: number;
  dismissible: boolean;
  expiresAt: string | null;
}

async function create(fields: Record<string, unknown>): Promise<Notice> {
  const res = await moderator('POST', '/api/admin/site-notices', {
    title: 'Maintenance',
    message: 'The planner is read-only tonight.',
    type: 'warning',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  const notice = json<{ data: { notice: Notice } }>(res).data.notice;
  created.push(notice.id);
  return notice;
}

async function banner(account: Account = user) {
  const res = await callerFor(server, account)('GET', '/api/admin/site-notices');
  expect(res.statusCode).toBe(200);
  return json<{ success: true; data: Notice[]; dismissed: string[]; message: string }>(res);
}

describe('the banner (§7 GET /api/admin/site-notices)', () => {
  it('answers active, unexpired notices by priority, the dismissed ids and a message', async () => {
    const low = await create({ title: 'Low', priority: 0 });
    const high = await create({ title: 'High', priority: 2, type: 'error' });
    const medium = await create({ title: 'Medium', priority: 1, type: 'success' });
    const expired = await create({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const inactive = await create({ isActive: false });
    const later = await create({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });

    const body = await banner();
    expect(Object.keys(body).sort()).toEqual(['data', 'dismissed', 'message', 'success']);
    const mine = body.data.filter((n) => created.includes(n.id)).map((n) => n.id);
    expect(mine).toEqual([high.id, medium.id, later.id, low.id]);
    expect(mine).not.toContain(expired.id);
    expect(mine).not.toContain(inactive.id);
    expect(body.message).toBe(NOTICE_MSG.loaded(body.data.length));
    expect(body.dismissed).toEqual([]);
    expect(body.data.find((n) => n.id === later.id)!.expiresAt).toBe(
      new Date(later.expiresAt!).toISOString(),
    );
  });

  it('remembers a dismissal per user, refuses a non-dismissible one', async () => {
    const dismissible = await create({ title: 'Dismiss me' });
    const sticky = await create({ title: 'Sticky', dismissible: false });
    const call = callerFor(server, user);
    expect(
      (await call('POST', `/api/admin/site-notices/${dismissible.id}/dismiss`)).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/site-notices/${dismissible.id}/dismiss`)).statusCode,
    ).toBe(200);
    const refused = await call('POST', `/api/admin/site-notices/${sticky.id}/dismiss`);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'notices/not_dismissible' });
    const unknown = await call('POST', `/api/admin/site-notices/${crypto.randomUUID()}/dismiss`);
    expect(unknown.statusCode).toBe(404);

    expect((await banner()).dismissed).toContain(dismissible.id);
    const other = await signUpAs(server, 'user');
    expect((await banner(other)).dismissed).not.toContain(dismissible.id);
  });

  it('needs a signed-in user', async () => {
    expect((await callerFor(server)('GET', '/api/admin/site-notices')).statusCode).toBe(401);
  });
});

describe('managing notices', () => {
  it('lists notices for staff as users meet them: live first, highest priority, then newest', async () => {
    const low = await create({ title: 'Low', type: 'info', priority: 0 });
    const high = await create({ title: 'High', type: 'info', priority: 2 });
    const lowNewer = await create({ title: 'Low newer', type: 'info', priority: 0 });
    const off = await create({ title: 'Off', type: 'info', priority: 3 });
    await moderator('PUT', `/api/admin/site-notices/${off.id}`, { isActive: false });
    const all = await helper('GET', '/api/admin/site-notices/all');
    const ids = new Set([low.id, high.id, lowNewer.id, off.id]);
    const order = json<{ data: { items: { id: string }[] } }>(all)
      .data.items.map((n) => n.id)
      .filter((id) => ids.has(id));
    expect(order).toEqual([high.id, lowNewer.id, low.id, off.id]);
  });

  it('edits, deactivates, expires and deletes; the banner follows', async () => {
    const notice = await create({ title: 'Release', type: 'info', priority: 1 });
    const edited = await moderator('PUT', `/api/admin/site-notices/${notice.id}`, {
      title: 'Release <b>2.0</b>',
      priority: 3,
    });
    expect(json(edited)).toMatchObject({
      data: { notice: { title: 'Release b2.0/b', priority: 3, type: 'info' } },
    });
    expect((await banner()).data.map((n) => n.id)).toContain(notice.id);

    await moderator('PUT', `/api/admin/site-notices/${notice.id}`, { isActive: false });
    expect((await banner()).data.map((n) => n.id)).not.toContain(notice.id);
    await moderator('PUT', `/api/admin/site-notices/${notice.id}`, { isActive: true });
    expect((await banner()).data.map((n) => n.id)).toContain(notice.id);
    await moderator('PUT', `/api/admin/site-notices/${notice.id}`, {
      expiresAt: new Date().toISOString(),
    });
    expect((await banner()).data.map((n) => n.id)).not.toContain(notice.id);

    const all = await helper('GET', '/api/admin/site-notices/all');
    const listed = json<{
      data: { items: { id: string; isLive: boolean; dismissCount: number }[] };
    }>(all).data.items;
    expect(listed.find((n) => n.id === notice.id)).toMatchObject({
      isLive: false,
      dismissCount: 0,
    });

    expect((await moderator('DELETE', `/api/admin/site-notices/${notice.id}`)).statusCode).toBe(
      200,
    );
    expect((await moderator('DELETE', `/api/admin/site-notices/${notice.id}`)).statusCode).toBe(
      404,
    );
    const audit = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', notice.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'notices.create',
      'notices.update',
      'notices.update',
      'notices.update',
      'notices.update',
      'notices.delete',
    ]);
  });

  it('validates type, priority and lengths, and keeps helpers read-only', async () => {
    for (const bad of [
      { type: 'danger' },
      { priority: 1.5 },
      { title: '' },
      { title: 'x'.repeat(201) },
    ]) {
      const res = await moderator('POST', '/api/admin/site-notices', {
        title: 'T',
        message: 'M',
        type: 'info',
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await helper('POST', '/api/admin/site-notices', {
      title: 'T',
      message: 'M',
      type: 'info',
    });
    expect(res.statusCode).toBe(403);
  });
});
