import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { json, startTestServer, uniqueEmail, type TestServer } from './harness';
import { callerFor, signUpAs, type Account } from './staff';

let server: TestServer;
let ada: Account;
let bob: Account;
let owner: Account;

beforeAll(async () => {
  // Three failed sign-ins per address per 15 min: the fourth is refused before it is recorded.
  server = await startTestServer({
    limits: { authRequestsPerMinute: 60, loginFailuresPerAddress: 3 },
  });
  [ada, bob, owner] = await Promise.all([
    signUpAs(server, 'user'),
    signUpAs(server, 'user'),
    signUpAs(server, 'owner'),
  ]);
});
afterAll(() => server.close());

type Page = {
  data: { items: TAuditEntry[]; total: number; actions: string[]; targetTypes: string[] };
};

const trail = async (account: Account, query = '') => {
  const res = await callerFor(server, account)('GET', `/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Page>(res).data;
};

/** Inserts entries straight into the table (INSERT is what writeAudit does; only it is allowed). */
async function seed(account: Account, count: number, action: string, at: string) {
  await sql`INSERT INTO audit_log (actor_id, actor_email, actor_role, action, target_type, target_id, ip, at)
    SELECT ${account.userId}, ${account.email}, 'user', ${action}, 'api_collection', gen_random_uuid()::text,
      '127.0.0.1', ${at}::timestamptz + (n || ' microseconds')::interval
    FROM generate_series(1, ${count}) AS n`.execute(server.db);
}

describe('your own trail', () => {
  it('shows what you did, newest first, and never what someone else did', async () => {
    await callerFor(server, ada)('POST', '/api/api-client/collections', { name: 'Ada collection' });
    await callerFor(server, bob)('POST', '/api/api-client/collections', { name: 'Bob collection' });
    const mine = await trail(ada, '?action=apiClient.');
    expect(mine.items.map((e) => e.targetLabel)).toEqual(['Ada collection']);
    expect(mine.items[0]).toMatchObject({ actorEmail: ada.email, targetType: 'api_collection' });
    const all = await trail(ada);
    expect(all.items.every((e) => e.actorId === ada.userId)).toBe(true);
    expect(all.actions).toEqual(expect.arrayContaining(['apiClient.collections.create']));
    expect(all.actions).not.toContain('vouchers.create');
  });

  it('includes failed sign-ins to your account, capped per address so they cannot flood it', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: bob.email, password: `Wrong!Passw0rd${i}` },
        remoteAddress: '203.0.113.9',
      });
      expect([401, 423, 429]).toContain(res.statusCode);
    }
    const failed = await trail(bob, '?action=auth.login.failed');
    expect(failed.total).toBe(3);
    expect(failed.items[0]).toMatchObject({
      actorId: null,
      actorEmail: bob.email,
      actorRole: 'anonymous',
      ip: '203.0.113.9',
      targetId: bob.userId,
    });
    // Ada does not see attempts on Bob's account.
    expect((await trail(ada, '?action=auth.login.failed')).total).toBe(0);
  });

  it('records a failed sign-in to an unknown address the same way, with no account named', async () => {
    const email = uniqueEmail('nobody');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wrong!Passw0rd' },
      remoteAddress: '198.51.100.7',
    });
    expect(res.statusCode).toBe(401);
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id'])
      .where('actor_email', '=', email)
      .execute();
    expect(rows).toEqual([{ action: 'auth.login.failed', actor_id: null, target_id: null }]);
  });

  it('filters by action prefix, target type and dates, and pages', async () => {
    const carol = await signUpAs(server, 'user');
    await seed(carol, 30, 'apiClient.collections.save', '2026-01-10T12:00:00Z');
    await seed(carol, 5, 'drift.scans.run', '2026-02-10T12:00:00Z');
    expect((await trail(carol, '?action=apiClient.')).total).toBe(30);
    expect((await trail(carol, '?action=drift.scans.run')).total).toBe(5);
    expect((await trail(carol, '?targetType=api_collection')).total).toBe(35);
    const january = await trail(
      carol,
      `?from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-02-01T00:00:00Z')}&pageSize=10&page=2`,
    );
    expect(january).toMatchObject({ total: 30 });
    expect(january.items).toHaveLength(10);
    const bad = await callerFor(server, carol)('GET', '/api/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('exports every matching entry as CSV, not one page, with formulas defused', async () => {
    const dave = await signUpAs(server, 'user');
    await seed(dave, 1203, 'apiClient.collections.save', '2026-03-01T00:00:00Z');
    await seed(dave, 2, 'drift.scans.run', '2026-03-05T00:00:00Z');
    await sql`INSERT INTO audit_log (actor_id, actor_email, actor_role, action, target_type, after)
      VALUES (${dave.userId}, ${dave.email}, 'user', 'apiClient.collections.create', 'api_collection',
        ${JSON.stringify({ name: '=HYPERLINK("http://evil")' })}::jsonb)`.execute(server.db);
    const res = await callerFor(server, dave)('GET', '/api/audit/export?action=apiClient.');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'at,action,actorEmail,actorRole,actorId,targetType,targetId,targetLabel,ip,before,after',
    );
    expect(lines).toHaveLength(1 + 1204);
    // No entry twice across the export's batches (each seeded entry has its own target id).
    expect(new Set(lines.slice(1)).size).toBe(1204);
    expect(res.body).not.toContain('drift.scans.run');
    expect(res.body).toContain(`'=HYPERLINK(""http://evil"")`);
    const others = await callerFor(server, ada)('GET', '/api/audit/export?action=apiClient.');
    expect(others.body).not.toContain(dave.email);
  });
});

describe('staff see everyone', () => {
  it('filter by actor, target type and id; users cannot read the staff list', async () => {
    const created = await callerFor(server, ada)('POST', '/api/api-client/collections', {
      name: 'Findable',
    });
    const id = json<{ data: { collection: { id: string } } }>(created).data.collection.id;
    const res = await callerFor(server, owner)(
      'GET',
      `/api/admin/audit?targetType=api_collection&targetId=${id}&actor=${encodeURIComponent(ada.email)}`,
    );
    const page = json<Page>(res).data;
    expect(page.items.map((e) => e.action)).toEqual(['apiClient.collections.create']);
    expect(page.targetTypes).toContain('api_collection');
    const csv = await callerFor(server, owner)('GET', `/api/admin/audit/export?targetId=${id}`);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await callerFor(server, ada)('GET', '/api/admin/audit')).statusCode).toBe(403);
    expect((await callerFor(server, ada)('GET', '/api/admin/audit/export')).statusCode).toBe(403);
  });
});

describe('entries cannot be changed', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    const target = ada.userId;
    await expect(
      sql`UPDATE audit_log SET action = 'x.y' WHERE actor_id = ${target}`.execute(server.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`DELETE FROM audit_log WHERE actor_id = ${target}`.execute(server.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(server.db)).rejects.toThrow(/append-only/);
  });

  it('deleting an account keeps its entries, with the e-mail and the id set to null', async () => {
    const erin = await signUpAs(server, 'user');
    await callerFor(server, erin)('PUT', '/api/auth/profile', { firstName: 'Erin' });
    const removed = await callerFor(server, owner)('DELETE', `/api/admin/users/${erin.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('actor_email', '=', erin.email)
      .orderBy('at')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.register', 'auth.verify', 'profile.update']),
    );
    expect(rows.every((r) => r.actor_id === null)).toBe(true);
  });
});
