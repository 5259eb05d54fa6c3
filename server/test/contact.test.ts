import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXT } from '@stratum/core/contract/contact/send-contact-message';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function unreadCount(token: string): Promise<number> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/messages/unread-count',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return json<{ data: { count: number } }>(response).data.count;
}

const validMessage = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'Question about <b>self-hosting</b>',
  message: '  How do I point Stratum at an external PostgreSQL?  ',
};

describe('POST /api/contact', () => {
  it('stores the message and delivers it to every staff inbox, not to plain users', async () => {
    const staff = await signUp(server);
    const plain = await signUp(server);
    await server.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', staff.userId)
      .execute();
    await server.db
      .updateTable('users')
      .set({ role: 'user' })
      .where('id', '=', plain.userId)
      .execute();
    const staffBefore = await unreadCount(staff.token);
    const plainBefore = await unreadCount(plain.token);

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: validMessage,
    });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: CONTACT_TEXT.sent });
    expect(await unreadCount(staff.token)).toBe(staffBefore + 1);
    expect(await unreadCount(plain.token)).toBe(plainBefore);
    const stored = await server.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Question about bself-hosting/b',
      body: 'How do I point Stratum at an external PostgreSQL?',
    });
    const inbox = await server.db
      .selectFrom('messages')
      .selectAll()
      .where('recipient_id', '=', staff.userId)
      .where('contact_message_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(inbox).toMatchObject({
      kind: 'contact',
      sender_email: 'ada@example.com',
      read_at: null,
    });
  });

  it('rejects a message that is too short or misses a field, with the reason', async () => {
    const short = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, message: 'hi' },
    });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toMatchObject({
      success: false,
      code: 'request/invalid',
      message: CONTACT_TEXT.messageTooShort,
    });

    const badEmail = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, email: 'not-an-address' },
    });
    expect(json(badEmail)).toMatchObject({
      code: 'request/invalid',
      message: 'Please enter a valid email address',
    });

    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada' },
    });
    expect(json(missing)).toMatchObject({
      code: 'request/invalid',
      message: 'Please fill in all fields',
    });
  });
});

describe('GET /api/messages/unread-count', () => {
  it('needs a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/messages/unread-count' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ success: false, code: 'auth/unauthorized' });
  });

  it('counts only unread messages of the caller', async () => {
    const user = await signUp(server);
    const values = (readAt: Date | null) => ({
      recipient_id: user.userId,
      sender_id: null,
      kind: 'system' as const,
      sender_name: 'Stratum',
      sender_email: null,
      subject: 'Welcome',
      body: 'Hello',
      contact_message_id: null,
      read_at: readAt,
    });
    await server.db
      .insertInto('messages')
      .values([values(null), values(null), values(new Date())])
      .execute();
    expect(await unreadCount(user.token)).toBe(2);
  });
});
