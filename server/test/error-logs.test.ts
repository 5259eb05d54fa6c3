import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_LIMITS } from '@stratum/core/contract/error-logs/error-log';
import { bearer, json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

let server: TestServer;
let admin: Caller;
let helper: Caller;
let user: Account;
beforeAll(async () => {
  server = await startTestServer();
  const [adm, help, plain] = await Promise.all([
    signUpAs(server, 'admin'),
    signUpAs(server, 'helper'),
    signUpAs(server, 'user'),
  ]);
  admin = callerFor(server, adm);
  helper = callerFor(server, help);
  user = plain;
});
afterAll(async () => {
  await server.close();
});

const tag = `c${Date.now().toString(36)}`;
const report = (fields: Record<string, unknown> = {}) => ({
  timestamp: new Date().toISOString(),
  level: 'error',
  message: `TypeError: cannot read 'id' of undefined (${tag})`,
  stack: 'TypeError: …\n    at PlanBoard (board.tsx:10:5)',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  url: 'http://localhost:8080/planner',
  component: `${tag}-board`,
  action: 'drop-node',
  metadata: { nodeCount: 3 },
  ...fields,
});

interface Log {
  message: string;
  level: string;
  userId: string | null;
  userEmail: string | null;
  metadata: unknown;
  component: string;
}

async function list(query: string) {
  const res = await helper('GET', `/api/admin/error-logs?${query}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: { items: Log[]; total: number; components: string[] } }>(res).data;
}

describe('reporting', () => {
  it('takes reports from anyone, naming the user when signed in', async () => {
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      payload: report({ level: 'warn' }),
    });
    expect(anonymous.statusCode).toBe(200);
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      headers: bearer(user.token),
      payload: report({
        message: `failed call (${tag})`,
        component: `${tag}-api`,
        action: 'GET /x',
      }),
    });
    expect(signedIn.statusCode).toBe(200);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      headers: { authorization: 'Bearer not.a.token' },
      payload: report({ level: 'info' }),
    });
    expect(forged.statusCode).toBe(200);

    const { items, components } = await list(`search=${tag}&pageSize=100`);
    expect(items).toHaveLength(3);
    expect(items.find((l) => l.component === `${tag}-api`)).toMatchObject({
      userId: user.userId,
      userEmail: user.email,
    });
    expect(items.find((l) => l.level === 'warn')).toMatchObject({
      userId: null,
      metadata: { nodeCount: 3 },
    });
    expect(components).toEqual(expect.arrayContaining([`${tag}-api`, `${tag}-board`]));
  });

  it('refuses what is too big or malformed', async () => {
    const bad = [
      { message: 'x'.repeat(ERROR_LOG_LIMITS.message + 1) },
      { stack: 'x'.repeat(ERROR_LOG_LIMITS.stack + 1) },
      { metadata: { blob: 'x'.repeat(ERROR_LOG_LIMITS.metadataBytes) } },
      { level: 'panic' },
      { timestamp: 'yesterday' },
      { message: '' },
    ];
    for (const fields of bad) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/error-logs',
        payload: report(fields),
      });
      expect(res.statusCode, Object.keys(fields).join()).toBe(400);
    }
  });
});

describe('viewing and clearing', () => {
  it('filters by level, component, text and date', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      payload: report({ level: 'fatal', component: `${tag}-x` }),
    });
    expect((await list(`level=fatal&search=${tag}`)).items.map((l) => l.component)).toEqual([
      `${tag}-x`,
    ]);
    expect((await list(`component=${tag}-x`)).total).toBe(1);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await list(`search=${tag}&from=${future}`)).total).toBe(0);
    expect((await list(`search=${tag}&to=${future}`)).total).toBeGreaterThanOrEqual(4);
  });

  it('clears for admins only; helpers read', async () => {
    expect((await helper('DELETE', '/api/admin/error-logs')).statusCode).toBe(403);
    const nothing = await admin('DELETE', '/api/admin/error-logs?before=2000-01-01T00:00:00Z');
    expect(json(nothing)).toMatchObject({ data: { deleted: 0 } });
    const cleared = await admin('DELETE', '/api/admin/error-logs');
    expect(json<{ data: { deleted: number } }>(cleared).data.deleted).toBeGreaterThanOrEqual(4);
    expect((await list(`search=${tag}`)).total).toBe(0);
    expect((await callerFor(server, user)('GET', '/api/admin/error-logs')).statusCode).toBe(403);
  });
});
