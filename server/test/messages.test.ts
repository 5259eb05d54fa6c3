import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@stratum/core/contract/common';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account } from './staff';

let server: TestServer;
let admin: Account;
let helper: Account;
let ada: Account;
let bob: Account;
beforeAll(async () => {
  server = await startTestServer();
  [admin, helper, ada, bob] = await Promise.all([
    signUpAs(server, 'admin'),
    signUpAs(server, 'helper'),
    signUpAs(server, 'user'),
    signUpAs(server, 'user'),
  ]);
});
afterAll(async () => {
  await server.close();
});

interface Message {
  id: string;
  box: string;
  kind: string;
  subject: string;
  body: string;
  sender: { id: string | null; name: string; email: string | null };
  recipientLabel: string;
  recipientCount: number;
  isRead: boolean;
  readAt: string | null;
  replyToId: string | null;
}

const as = (account: Account) => callerFor(server, account);

async function box(account: Account, which: 'inbox' | 'sent', extra = '') {
  const res = await as(account)('GET', `/api/messages?box=${which}&pageSize=100${extra}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: { items: Message[]; total: number; unreadCount: number } }>(res).data;
}

async function unread(account: Account): Promise<number> {
  const res = await as(account)('GET', '/api/messages/unread-count');
  return json<{ data: { count: number } }>(res).data.count;
}

async function send(from: Account, payload: Record<string, unknown>) {
  return as(from)('POST', '/api/messages', { subject: 'Hello', body: 'A question.', ...payload });
}

describe('writing to staff and back', () => {
  it('reaches every active staff member; the sender sees one sent item', async () => {
    const staffCount = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', 'in', [...STAFF_ROLES])
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    const before = await unread(helper);
    const res = await send(ada, { to: { type: 'staff' }, subject: 'Plan <question>' });
    expect(res.statusCode).toBe(200);
    const sent = json<{ data: { message: Message } }>(res).data.message;
    expect(sent).toMatchObject({
      box: 'sent',
      kind: 'direct',
      subject: 'Plan question',
      recipientLabel: 'Staff',
      recipientCount: Number(staffCount.n),
      sender: { id: ada.userId, email: ada.email },
    });
    expect(await unread(helper)).toBe(before + 1);
    expect(await unread(admin)).toBeGreaterThanOrEqual(1);
    const sentBox = await box(ada, 'sent');
    expect(sentBox.items.map((m) => m.id)).toEqual([sent.id]);
    expect((await box(ada, 'inbox')).total).toBe(0);
  });

  it('opens (marking read), marks unread and read again, replies and deletes', async () => {
    const asked = json<{ data: { message: Message } }>(
      await send(ada, { to: { type: 'staff' }, subject: 'Invoice' }),
    ).data.message;
    const copy = (await box(admin, 'inbox', '&unreadOnly=true')).items.find(
      (m) => m.subject === 'Invoice' && m.sender.id === ada.userId,
    )!;
    expect(copy).toMatchObject({ box: 'inbox', isRead: false, recipientLabel: 'Staff' });

    const before = await unread(admin);
    const opened = await as(admin)('GET', `/api/messages/${copy.id}`);
    expect(json(opened)).toMatchObject({ data: { message: { id: copy.id, isRead: true } } });
    expect(await unread(admin)).toBe(before - 1);
    await as(admin)('PUT', `/api/messages/${copy.id}/read`, { isRead: false });
    expect(await unread(admin)).toBe(before);
    await as(admin)('PUT', `/api/messages/${copy.id}/read`, { isRead: true });
    expect(await unread(admin)).toBe(before - 1);

    const reply = await send(admin, {
      to: { type: 'userId', userId: ada.userId },
      subject: 'Re: Invoice',
      body: 'It is attached.',
      replyToId: copy.id,
    });
    expect(json(reply)).toMatchObject({
      data: { message: { replyToId: copy.id, recipientCount: 1 } },
    });
    const inbox = await box(ada, 'inbox');
    expect(inbox.items[0]).toMatchObject({
      subject: 'Re: Invoice',
      sender: { id: admin.userId },
      isRead: false,
    });
    expect(inbox.unreadCount).toBe(1);

    // The sender's sent item shows when it was first read.
    await as(ada)('GET', `/api/messages/${inbox.items[0]!.id}`);
    const sentByAdmin = (await box(admin, 'sent')).items.find((m) => m.subject === 'Re: Invoice')!;
    expect(sentByAdmin.isRead).toBe(true);

    expect((await as(ada)('DELETE', `/api/messages/${inbox.items[0]!.id}`)).statusCode).toBe(200);
    expect((await box(ada, 'inbox')).total).toBe(0);
    expect((await box(admin, 'sent')).items.some((m) => m.subject === 'Re: Invoice')).toBe(true);
    expect((await as(ada)('DELETE', `/api/messages/${asked.id}`)).statusCode).toBe(200);
    expect((await box(ada, 'sent')).items.some((m) => m.id === asked.id)).toBe(false);
  });
});

describe('writing to a user', () => {
  it('finds the user by email; refuses unknown, disabled and oneself', async () => {
    const res = await send(ada, { to: { type: 'user', email: bob.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ data: { message: { recipientLabel: 'Test User' } } });
    expect((await box(bob, 'inbox')).items[0]).toMatchObject({ sender: { email: ada.email } });

    const unknown = await send(ada, { to: { type: 'user', email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(404);
    const self = await send(ada, { to: { type: 'userId', userId: ada.userId } });
    expect(self.statusCode).toBe(400);
    const empty = await send(ada, { to: { type: 'staff' }, body: '   ' });
    expect(empty.statusCode).toBe(400);
    const notMine = await send(bob, {
      to: { type: 'staff' },
      replyToId: (await box(helper, 'inbox')).items[0]!.id,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it("never shows one user another's messages", async () => {
    const [message] = (await box(bob, 'inbox')).items;
    expect((await as(ada)('GET', `/api/messages/${message!.id}`)).statusCode).toBe(404);
    expect(
      (await as(ada)('PUT', `/api/messages/${message!.id}/read`, { isRead: true })).statusCode,
    ).toBe(404);
    expect((await as(ada)('DELETE', `/api/messages/${message!.id}`)).statusCode).toBe(404);
  });

  it('pages and marks everything read', async () => {
    await send(ada, { to: { type: 'user', email: bob.email }, subject: 'Two' });
    const page = await as(bob)('GET', '/api/messages?pageSize=1&page=2');
    expect(json(page)).toMatchObject({ data: { page: 2, pageSize: 1, total: 2 } });
    expect(json<{ data: { items: Message[] } }>(page).data.items).toHaveLength(1);
    const all = await as(bob)('POST', '/api/messages/read-all');
    expect(json(all)).toMatchObject({ data: { updated: 2 } });
    expect(await unread(bob)).toBe(0);
  });
});
