import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_LIMITS } from '@stratum/core/contract/live/socket';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { liveUrl, openLive, type LiveClient } from './live-client';
import { sendMessage, sharedProject } from './live-fixtures';

let server: TestServer;
const clients: LiveClient[] = [];
const track = (client: LiveClient) => (clients.push(client), client);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
});

const onboarding = (token: string, projectId: string, body?: Record<string, unknown>) =>
  server.app.inject({
    method: body ? 'POST' : 'GET',
    url: `/api/onboarding/${projectId}`,
    headers: bearer(token),
    ...(body && { payload: body }),
  });

describe('onboarding records', () => {
  it("saves a member's own step and shows every member's record to the others", async () => {
    const { projectId, owner, members } = await sharedProject(server, 1);
    const [member] = members;
    expect(json(await onboarding(owner.token, projectId))).toEqual({ success: true, data: {} });
    const saved = await onboarding(owner.token, projectId, {
      userId: owner.userId,
      step: 2,
      dismissed: false,
    });
    expect(saved.statusCode).toBe(200);
    await onboarding(member!.token, projectId, {
      userId: member!.userId,
      step: 3,
      dismissed: true,
    });
    expect(json(await onboarding(member!.token, projectId)).data).toEqual({
      [owner.userId]: { step: 2, dismissed: false },
      [member!.userId]: { step: 3, dismissed: true },
    });
    const audit = await sql<{ action: string; target_id: string }>`
      SELECT action, target_id FROM audit_log WHERE actor_id = ${owner.userId}
        AND action = 'onboarding.save'`.execute(server.db);
    expect(audit.rows).toEqual([{ action: 'onboarding.save', target_id: projectId }]);
  });

  it("refuses another user's record, a step outside 0..3 and an outsider, changing nothing", async () => {
    const { projectId, owner, members } = await sharedProject(server, 1);
    const outsider = await signUp(server);
    const forOther = await onboarding(owner.token, projectId, {
      userId: members[0]!.userId,
      step: 1,
      dismissed: true,
    });
    expect(forOther.statusCode).toBe(403);
    expect(json(forOther).message).toMatch(/only save your own/);
    const badStep = await onboarding(owner.token, projectId, {
      userId: owner.userId,
      step: 4,
      dismissed: false,
    });
    expect(badStep.statusCode).toBe(400);
    expect((await onboarding(outsider.token, projectId)).statusCode).toBe(404);
    const outsiderSave = await onboarding(outsider.token, projectId, {
      userId: outsider.userId,
      step: 1,
      dismissed: false,
    });
    expect(outsiderSave.statusCode).toBe(404);
    expect((await onboarding(owner.token, 'not-a-uuid')).statusCode).toBe(400);
    expect(json(await onboarding(owner.token, projectId)).data).toEqual({});
  });
});

describe('the live socket', () => {
  it('refuses an upgrade without a session, with a used ticket or from another origin', async () => {
    const { token } = await signUp(server);
    await expect(openLive(server.app, {})).rejects.toThrow(/401/);
    await expect(openLive(server.app, { token, origin: 'https://evil.example' })).rejects.toThrow(
      /403/,
    );
    const issued = await server.app.inject({
      method: 'POST',
      url: '/api/live/tickets',
      headers: bearer(token),
    });
    const { ticket } = json<{ data: { ticket: string } }>(issued).data;
    const first = track(await openLive(server.app, { query: `?ticket=${ticket}` }));
    expect(first.frames[0]).toMatchObject({ type: 'ready' });
    await expect(openLive(server.app, { query: `?ticket=${ticket}` })).rejects.toThrow(/401/);
  });

  it('answers bad JSON, unknown frames, oversized frames and foreign projects with an error frame', async () => {
    const { projectId } = await sharedProject(server, 0);
    const stranger = await signUp(server);
    const client = track(await openLive(server.app, { token: stranger.token }));
    client.send('{not json');
    await client.next('error', (f) => f.code === 'request/invalid');
    client.send({ type: 'shout', text: 'hi' });
    client.send('x'.repeat(LIVE_LIMITS.maxFrameBytes + 1));
    await client.next('error', (f) => f.code === 'request/too_large');
    client.send({ type: 'register', projectId });
    await client.next('error', (f) => f.code === 'request/not_found');
    expect(client.frames.filter((f) => f.type === 'error')).toHaveLength(4);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("fans a member's tour step out to the project's other members, not to the sender", async () => {
    const { projectId, owner, members } = await sharedProject(server, 1);
    const ownerSocket = track(await openLive(server.app, { token: owner.token }));
    const memberSocket = track(await openLive(server.app, { token: members[0]!.token }));
    for (const socket of [ownerSocket, memberSocket]) {
      socket.send({ type: 'register', projectId });
      await socket.next('registered');
    }
    await onboarding(owner.token, projectId, { userId: owner.userId, step: 1, dismissed: false });
    expect(await memberSocket.next('onboarding-update')).toEqual({
      type: 'onboarding-update',
      projectId,
      userId: owner.userId,
      step: 1,
      dismissed: false,
    });
    // The member answers over the socket itself; it is saved and reaches the owner.
    memberSocket.send({
      type: 'onboarding-update',
      projectId,
      userId: members[0]!.userId,
      step: 3,
      dismissed: true,
    });
    await ownerSocket.next('onboarding-update', (f) => f.userId === members[0]!.userId);
    expect(json(await onboarding(owner.token, projectId)).data).toMatchObject({
      [members[0]!.userId]: { step: 3, dismissed: true },
    });
    expect(ownerSocket.frames.filter((f) => f.type === 'onboarding-update')).toHaveLength(1);
    expect(memberSocket.frames.filter((f) => f.type === 'onboarding-update')).toHaveLength(1);
  });

  it('rings the bell of a message recipient at once', async () => {
    const sender = await signUp(server);
    const recipient = await signUp(server);
    const bell = track(await openLive(server.app, { token: recipient.token }));
    const sent = await sendMessage(server, sender.token, recipient.userId);
    expect(sent.statusCode).toBe(200);
    await bell.next('message-new');
    const audit = await sql<{ after: Record<string, unknown> }>`
      SELECT after FROM audit_log WHERE actor_id = ${sender.userId} AND action = 'messages.send'`.execute(
      server.db,
    );
    expect(audit.rows).toEqual([{ after: { to: 'Test User', recipients: 1, subject: 'Hi' } }]);
  });

  it("rings the staff's bells for a message another feature delivers in its transaction", async () => {
    const staff = await signUp(server);
    await server.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', staff.userId)
      .execute();
    const bell = track(await openLive(server.app, { token: staff.token }));
    const contact = await server.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Pricing',
        message: 'Do you offer a plan for a team of five engineers?',
      },
    });
    expect(contact.statusCode).toBe(200);
    await bell.next('message-new', undefined, 1000);
  });

  it('closes the socket when its session signs out', async () => {
    const { token } = await signUp(server);
    const client = track(await openLive(server.app, { token }));
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await client.closed).code).toBe(LIVE_CLOSE.revoked);
    await expect(openLive(server.app, { token })).rejects.toThrow(/401/);
  });

  it('is not a plain HTTP endpoint', async () => {
    const url = (await liveUrl(server.app)).replace('ws://', 'http://');
    const { token } = await signUp(server);
    const res = await fetch(url, { headers: bearer(token) });
    expect(res.status).toBe(400);
  });
});
