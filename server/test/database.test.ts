import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MSG } from '@stratum/core/admin';
import { parseAllowRules } from '../src/lib/egress';
import { appendLog, listLog } from '../src/features/database/repository';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Caller } from './staff';

/**
 * The database service against a real "external" PostgreSQL: a throwaway database on the
 * machine's server, reached through the egress policy (EGRESS_ALLOW opens 127.0.0.1:5432 here).
 */
const appUrl = new URL(inject('databaseUrl'));
const targetName = `stratum_target_${randomBytes(3).toString('hex')}`;
const adminUrl = new URL(appUrl);
adminUrl.pathname = '/postgres';
const target = {
  server: appUrl.hostname,
  port: Number(appUrl.port || 5432),
  database: targetName,
  user: decodeURIComponent(appUrl.username),
  password: decodeURIComponent(appUrl.password) || 'unused-password',
  connectionTimeout: 3000,
};

let server: TestServer;
let closed: TestServer;
let call: Caller;

async function admin(sqlText: string) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  await client.query(sqlText);
  await client.end();
}

async function onTarget<T extends pg.QueryResultRow>(sqlText: string) {
  const url = new URL(appUrl);
  url.pathname = `/${targetName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const result = await client.query<T>(sqlText);
  await client.end();
  return result.rows;
}

const resetConfig = async (s: TestServer) => {
  await s.db.deleteFrom('database_config' as never).execute();
};

beforeAll(async () => {
  await admin(`CREATE DATABASE ${targetName}`);
  await onTarget(`CREATE TABLE items (id serial PRIMARY KEY, name text, price numeric(10,2), note text);
    INSERT INTO items (name, price, note) VALUES ('first', 1.50, NULL), ('second', 2.25, 'n')`);
  server = await startTestServer({
    egressAllow: parseAllowRules(`${target.server}:${target.port}`).rules,
    databaseStatementTimeoutMs: 500,
  });
  closed = await startTestServer();
  await resetConfig(server);
  const owner = await signUpAs(server, 'owner');
  call = callerFor(server, owner);
});

afterAll(async () => {
  await resetConfig(server);
  await server.close();
  await closed.close();
  await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
});

const query = (body: Record<string, unknown>) => call('POST', '/api/database/query', body);
const dataOf = <T = Record<string, unknown>>(res: { json(): unknown }) =>
  (res.json() as { data: T }).data;

describe('the database service', () => {
  it("answers 'Database not configured' before a config is saved", async () => {
    for (const path of ['test', 'connect']) {
      const res = await call('POST', `/api/database/${path}`);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'system/database_not_configured',
        message: ADMIN_MSG.databaseNotConfigured,
      });
    }
    expect(json(await query({ query: 'SELECT 1' }))).toMatchObject({
      message: 'Database not configured',
    });
    expect(dataOf(await call('GET', '/api/database/config'))).toEqual({
      config: null,
      state: { isConnected: false, connectedAt: null, connectedBy: null },
    });
  });

  it('stores the password encrypted and never sends it back', async () => {
    const saved = await call('PUT', '/api/database/config', {
      ...target,
      password: 'S3cret-Value!',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('S3cret-Value!');
    expect(dataOf(saved)).toMatchObject({
      config: { server: target.server, database: targetName, hasPassword: true },
      state: { isConnected: false },
    });
    const stored = await server.db
      .selectFrom('database_config' as never)
      .select('password_secret' as never)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('S3cret-Value!');
    expect((await call('GET', '/api/database/config')).body).not.toContain('S3cret-Value!');
    // Kept when only the database changes; dropped when it would go to another server.
    const { password: _password, ...withoutPassword } = target;
    const sameServer = await call('PUT', '/api/database/config', {
      ...withoutPassword,
      database: 'other',
    });
    expect(dataOf(sameServer)).toMatchObject({ config: { hasPassword: true } });
    const elsewhere = await call('PUT', '/api/database/config', {
      ...withoutPassword,
      server: 'db.example.com',
    });
    expect(dataOf(elsewhere)).toMatchObject({ config: { hasPassword: false } });
    // The real password; leaving it out later keeps it.
    await call('PUT', '/api/database/config', target);
  });

  it("answers 'Database not connected' until connected", async () => {
    const res = await query({ query: 'SELECT 1' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'system/database_not_connected',
      message: 'Database not connected',
    });
  });

  it('tests and connects through the egress policy', async () => {
    const tested = dataOf<{ isConnected: boolean; serverVersion: string }>(
      await call('POST', '/api/database/test'),
    );
    expect(tested).toMatchObject({ isConnected: true });
    expect(tested.serverVersion).toMatch(/^\d+/);
    const connected = await call('POST', '/api/database/connect');
    expect(dataOf(connected)).toMatchObject({
      test: { isConnected: true, tableCount: 1 },
      state: { isConnected: true },
    });
  });

  it('runs a parameterised read and gives values as PostgreSQL prints them', async () => {
    const res = await query({
      query: 'SELECT id, name, price, note FROM items WHERE price > $1 OR name = $2 ORDER BY id',
      params: [1, 'nothing'],
    });
    expect(dataOf(res)).toMatchObject({
      isOk: true,
      command: 'SELECT',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'name', type: 'text' },
        { name: 'price', type: 'numeric' },
        { name: 'note', type: 'text' },
      ],
      rows: [
        ['1', 'first', '1.50', null],
        ['2', 'second', '2.25', 'n'],
      ],
      rowCount: 2,
      isTruncated: false,
      isWrite: false,
    });
    // A parameter is a value, never SQL.
    const injected = await query({
      query: 'SELECT count(*) FROM items WHERE name = $1',
      params: ["x' OR '1'='1"],
    });
    expect(dataOf(injected)).toMatchObject({ rows: [['0']] });
  });

  it('refuses a write without confirmation and runs it with one', async () => {
    const refused = dataOf(await query({ query: "INSERT INTO items (name) VALUES ('third')" }));
    expect(refused).toMatchObject({ isOk: false, sqlState: '25006', needsWrite: true });
    expect(refused.message).toMatch(/read-only transaction/);
    expect(await onTarget('SELECT 1 FROM items WHERE name = $$third$$')).toHaveLength(0);

    const written = dataOf(
      await query({
        query: 'INSERT INTO items (name) VALUES ($1)',
        params: ['third'],
        allowWrite: true,
      }),
    );
    expect(written).toMatchObject({ isOk: true, command: 'INSERT', rowCount: 1, isWrite: true });
    expect(await onTarget('SELECT 1 FROM items WHERE name = $$third$$')).toHaveLength(1);
  });

  it('refuses several statements in one call', async () => {
    const res = dataOf(await query({ query: 'SELECT 1; DROP TABLE items', allowWrite: true }));
    expect(res).toMatchObject({ isOk: false, sqlState: '42601' });
    expect(await onTarget('SELECT 1 FROM items LIMIT 1')).toHaveLength(1);
  });

  it('stops a long statement at the statement timeout with a clear error', async () => {
    const res = dataOf(await query({ query: 'SELECT pg_sleep(5)' }));
    expect(res).toMatchObject({ isOk: false, isTimeout: true, sqlState: '57014' });
    expect(res.message).toMatch(/statement timeout/);
    expect(dataOf(await query({ query: 'SELECT 1 AS ok' }))).toMatchObject({ rows: [['1']] });
  });

  it('caps the rows at 1000 and says so', async () => {
    const res = dataOf<{ rows: unknown[]; isTruncated: boolean; rowCount: number }>(
      await query({ query: 'SELECT g FROM generate_series(1, 5000) g' }),
    );
    expect(res.rows).toHaveLength(1000);
    expect(res).toMatchObject({ isTruncated: true, rowCount: 1000 });
  });

  it('answers PostgreSQL errors with its message and position', async () => {
    const res = dataOf(await query({ query: 'SELECT nope FROM items' }));
    expect(res).toMatchObject({ isOk: false, sqlState: '42703', position: 8, needsWrite: false });
    expect(res.message).toBe('column "nope" does not exist');
  });

  it('creates and drops schemas with quoted names and a typed confirmation', async () => {
    const name = 'Report "Q1"';
    expect(json(await call('POST', '/api/database/create-schema', { name }))).toMatchObject({
      success: true,
    });
    expect(await onTarget(`SELECT 1 FROM pg_namespace WHERE nspname = 'Report "Q1"'`)).toHaveLength(
      1,
    );
    const unconfirmed = await call('POST', '/api/database/drop-schema', {
      name,
      confirm: 'report',
    });
    expect(unconfirmed.statusCode).toBe(400);
    const reserved = await call('POST', '/api/database/create-schema', { name: 'pg_mine' });
    expect(reserved.statusCode).toBe(400);
    await onTarget(`CREATE TABLE "Report ""Q1""".t (x int)`);
    const restricted = await call('POST', '/api/database/drop-schema', { name, confirm: name });
    expect(restricted.statusCode).toBe(400);
    expect(json(restricted)).toMatchObject({ message: expect.stringMatching(/depend/) });
    const dropped = await call('POST', '/api/database/drop-schema', {
      name,
      confirm: name,
      isCascade: true,
    });
    expect(dropped.statusCode).toBe(200);
    expect(await onTarget(`SELECT 1 FROM pg_namespace WHERE nspname = 'Report "Q1"'`)).toHaveLength(
      0,
    );
  });

  it('records every statement, newest first, without parameter values', async () => {
    await query({ query: 'SELECT $1::text AS secret', params: ['hunter2-value'] });
    const res = await call('GET', '/api/database/audit?limit=20');
    expect(res.body).not.toContain('hunter2-value');
    const log =
      dataOf<{ action: string; statement: string; params: string[]; isOk: boolean }[]>(res);
    expect(log[0]).toMatchObject({
      action: 'query',
      statement: 'SELECT $1::text AS secret',
      params: ['text(13)'],
      isOk: true,
    });
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['drop-schema', 'connect']));
    expect(log.some((e) => !e.isOk && /read-only/.test(JSON.stringify(e)))).toBe(true);
    const trail = await server.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', 'like', 'database.%')
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(trail.action).toBe('database.query');
    expect(JSON.stringify(trail.after)).not.toContain('hunter2-value');
  });

  it('keeps only the newest entries past the cap, pruned in the same transaction', async () => {
    const entry = {
      actor_id: null,
      actor_email: 'cap@example.com',
      action: 'query' as const,
      statement: 'SELECT 1',
      params: [],
      is_write: false,
      is_ok: true,
      row_count: 1,
      duration_ms: 1,
      error: null,
    };
    await server.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i += 1)
        await appendLog(trx, { ...entry, statement: `SELECT ${i}` }, 3);
    });
    const kept = await listLog(server.db, 10);
    expect(kept.map((r) => r.statement)).toEqual(['SELECT 4', 'SELECT 3', 'SELECT 2']);
  });

  it('disconnects for every later statement', async () => {
    const res = await call('POST', '/api/database/disconnect');
    expect(dataOf(res)).toMatchObject({ state: { isConnected: false } });
    expect((await query({ query: 'SELECT 1' })).statusCode).toBe(409);
  });
});

describe('the egress policy in front of it', () => {
  it('refuses the loopback database without EGRESS_ALLOW or the admin allow-list', async () => {
    const owner = await signUpAs(closed, 'owner');
    const ownerCall = callerFor(closed, owner);
    await ownerCall('PUT', '/api/database/config', target);
    const tested = dataOf<{ isConnected: boolean; reason: string }>(
      await ownerCall('POST', '/api/database/test'),
    );
    expect(tested.isConnected).toBe(false);
    expect(tested.reason).toMatch(/not allowed: it is a loopback address/);
    for (const server of ['127.1', '0x7f000001', '[::ffff:127.0.0.1]', 'localhost']) {
      await ownerCall('PUT', '/api/database/config', { ...target, server });
      const res = dataOf<{ isConnected: boolean }>(
        await ownerCall('POST', '/api/database/connect'),
      );
      expect(res, server).toMatchObject({
        test: { isConnected: false },
        state: { isConnected: false },
      });
    }

    // The admin's allow-list (system settings) opens it, and closing it refuses again.
    const bad = await ownerCall('PUT', '/api/admin/system/egress', { allowList: '10.0.0.0/33' });
    expect(bad.statusCode).toBe(400);
    await ownerCall('PUT', '/api/admin/system/egress', { allowList: '127.0.0.0/8' });
    await ownerCall('PUT', '/api/database/config', target);
    expect(dataOf(await ownerCall('POST', '/api/database/connect'))).toMatchObject({
      test: { isConnected: true },
    });
    expect(
      dataOf(await ownerCall('POST', '/api/database/query', { query: 'SELECT 1' })),
    ).toMatchObject({
      isOk: true,
    });
    await ownerCall('PUT', '/api/admin/system/egress', { allowList: '' });
    const refused = await ownerCall('POST', '/api/database/query', { query: 'SELECT 1' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'system/egress_refused' });
    await ownerCall('POST', '/api/database/disconnect');
    await resetConfig(closed);
  });

  it('lets only owner and admin in', async () => {
    for (const role of ['user', 'helper', 'moderator'] as const) {
      const account = await signUpAs(server, role);
      const res = await callerFor(server, account)('GET', '/api/database/config');
      expect(res.statusCode, role).toBe(403);
    }
  });
});
