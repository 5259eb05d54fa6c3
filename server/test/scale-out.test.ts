import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@stratum/core/contract/live/socket';
import { createRedisState, type SharedState } from '../src/lib/shared-state';
import {
  bearer,
  json,
  signUp,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestServer,
} from './harness';
import { openLive, type LiveClient } from './live-client';
import { sendMessage, sharedProject } from './live-fixtures';

/** Where a Redis may answer: the test's own setting, the app's, then the usual local port. */
const CANDIDATES = [
  ...new Set(
    [
      process.env.TEST_REDIS_URL,
      process.env.REDIS_URL,
      'redis://127.0.0.1:6379',
      'redis://localhost:6379',
    ].filter((url): url is string => Boolean(url)),
  ),
];

/** Whether a Redis answers PING at `url` within 2 s (an answer asking for a password counts). */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''));
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data: Buffer) => done(/^(\+PONG|-NOAUTH|-ERR)/.test(data.toString())));
    socket.on('error', () => done(false));
  });
}

let REDIS_URL = '';
for (const url of CANDIDATES) {
  if (await redisAnswers(url)) {
    REDIS_URL = url;
    break;
  }
}
const hasRedis = REDIS_URL !== '';
if (!hasRedis) {
  process.stdout.write(
    `scale-out.test.ts skipped: no Redis answered PING at ${CANDIDATES.join(', ')} (set TEST_REDIS_URL)\n`,
  );
}

/** Two server processes sharing one PostgreSQL and one Redis, as behind a load balancer. */
describe.skipIf(!hasRedis)('scale-out over Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const states: SharedState[] = [];
  beforeAll(async () => {
    const prefix = `stratum-test-${Date.now()}:`;
    states.push(
      await createRedisState(REDIS_URL, prefix),
      await createRedisState(REDIS_URL, prefix),
    );
    a = await startTestServer(
      { limits: { authRequestsPerMinute: 1000, loginFailuresPerAddress: 3 } },
      states[0],
    );
    b = await startTestServer(
      { limits: { authRequestsPerMinute: 1000, loginFailuresPerAddress: 3 } },
      states[1],
    );
  });
  const sockets: LiveClient[] = [];
  const live = async (server: TestServer, token: string, projectId?: string) => {
    const client = await openLive(server.app, { token });
    sockets.push(client);
    if (projectId) {
      client.send({ type: 'register', projectId });
      await client.next('registered');
    }
    return client;
  };
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a.close();
    await b.close();
    await Promise.all(states.map((s) => s.close()));
  });

  it('a logout on one process is refused at once by the other, which had the session cached', async () => {
    const { token } = await signUp(a);
    const verifyOnB = () =>
      b.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expect((await verifyOnB()).statusCode).toBe(200); // B now caches the session
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 50)); // pub/sub delivery on loopback
    expect((await verifyOnB()).statusCode).toBe(401);
  });

  it('a profile change on one process shows on the other at once', async () => {
    const { token } = await signUp(a);
    await b.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    await a.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { designation: 'SRE' },
    });
    await new Promise((r) => setTimeout(r, 50));
    const me = json(
      await b.app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) }),
    );
    expect(me).toMatchObject({ user: { designation: 'SRE' } });
  });

  it('counts failed sign-ins of one client address across processes', async () => {
    const fail = (server: TestServer) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'Wrong!pass1' },
      });
    expect((await fail(a)).statusCode).toBe(401);
    expect((await fail(b)).statusCode).toBe(401);
    expect((await fail(a)).statusCode).toBe(401);
    expect((await fail(b)).statusCode).toBe(429);
  });

  it('locks an account after 5 failures spread over both processes and addresses', async () => {
    const { email } = await signUp(a);
    const login = (server: TestServer, i: number, password = 'Wrong!pass1') =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${i}`,
        payload: { email, password },
      });
    const answers = [];
    for (let i = 1; i <= 5; i += 1) answers.push((await login(i % 2 ? a : b, i)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 423]);
    // Locked on both, even with the right password from a fresh address.
    expect((await login(a, 10, STRONG_PASSWORD)).statusCode).toBe(423);
    expect((await login(b, 11, STRONG_PASSWORD)).statusCode).toBe(423);
  });

  it("shows each member the other's tour step within a second, across processes", async () => {
    const { projectId, owner, members } = await sharedProject(a, 1, [b]);
    const member = members[0]!;
    const onA = await live(a, owner.token, projectId);
    const onB = await live(b, member.token, projectId);
    const save = (server: TestServer, user: { token: string; userId: string }, step: number) =>
      server.app.inject({
        method: 'POST',
        url: `/api/onboarding/${projectId}`,
        headers: bearer(user.token),
        payload: { userId: user.userId, step, dismissed: false },
      });
    expect((await save(a, owner, 2)).statusCode).toBe(200);
    expect(await onB.next('onboarding-update', undefined, 1000)).toMatchObject({
      userId: owner.userId,
      step: 2,
    });
    expect((await save(b, member, 3)).statusCode).toBe(200);
    expect(await onA.next('onboarding-update', undefined, 1000)).toMatchObject({
      userId: member.userId,
      step: 3,
    });
  });

  it('rings the bell on the other process when a message is sent', async () => {
    const sender = await signUp(a);
    const recipient = await signUp(b);
    const bell = await live(b, recipient.token);
    const sent = await sendMessage(a, sender.token, recipient.userId);
    expect(sent.statusCode).toBe(200);
    await bell.next('message-new', undefined, 1000);
  });

  it("closes a user's live socket on the other process when the session signs out", async () => {
    const { token } = await signUp(a);
    const socket = await live(b, token);
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await socket.closed).code).toBe(LIVE_CLOSE.revoked);
  });

  it("counts a user's sends and a route's rate limit across processes", async () => {
    const sender = await signUp(a);
    const recipient = await signUp(a);
    const send = (server: TestServer) => sendMessage(server, sender.token, recipient.userId);
    for (let i = 0; i < 10; i += 1) {
      expect((await send(a)).statusCode).toBe(200);
      expect((await send(b)).statusCode).toBe(200);
    }
    expect((await send(a)).statusCode).toBe(429);
    expect((await send(b)).statusCode).toBe(429);

    // Route limits count per client address in Redis under a fixed namespace: an address of
    // this run's own, so earlier runs within the minute do not count.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const ticket = (server: TestServer) =>
      server.app.inject({
        method: 'POST',
        url: '/api/live/tickets',
        remoteAddress: address,
        headers: bearer(sender.token),
      });
    for (let i = 0; i < 30; i += 1) {
      expect((await ticket(a)).statusCode).toBe(200);
      expect((await ticket(b)).statusCode).toBe(200);
    }
    expect((await ticket(a)).statusCode).toBe(429);
  });
});
