import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import {
  bearer,
  json,
  STRONG_PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './harness';
import { stateV4 } from './inventory-files';
import { callerFor, signUpAs, type Account } from './staff';

type AuditSpec = { action: string; target: string } | { exempt: string };
type OpenApi = { paths: Record<string, Record<string, { 'x-audit'?: AuditSpec }>> };
const MUTATING = ['post', 'put', 'patch', 'delete'];
/** `area.verb` (more dots allowed), or alternatives `requests.approve|requests.reject`. */
const ACTION = /^[a-z][\w-]*(\.[\w-]+)+(\|[a-z][\w-]*(\.[\w-]+)+)*$/i;

let server: TestServer;
let document: OpenApi;
let user: Account;
let owner: Account;

beforeAll(async () => {
  server = await startTestServer();
  document = server.app.swagger() as OpenApi;
  [user, owner] = await Promise.all([signUpAs(server, 'user'), signUpAs(server, 'owner')]);
});
afterAll(() => server.close());

/** `/api/x/:id` as OpenAPI writes it (`/api/x/{id}`). */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

function specOf(method: string, route: string): AuditSpec {
  const spec = document.paths[openApiPath(route)]?.[method.toLowerCase()]?.['x-audit'];
  if (!spec) throw new Error(`${method} ${route} declares no x-audit`);
  return spec;
}

interface AuditRowSeen {
  action: string;
  actor_id: string | null;
  actor_email: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/**
 * Calls a route, then answers the audit rows it wrote: the rows after a mark whose action is
 * the one the route declares in the OpenAPI document (an alternative, or a sub-action).
 */
async function audited(
  account: Account | undefined,
  method: 'POST' | 'PUT' | 'DELETE',
  route: string,
  url: string,
  payload?: unknown,
): Promise<{ response: LightMyRequestResponse; rows: AuditRowSeen[]; spec: AuditSpec }> {
  const spec = specOf(method, route);
  const { rows: mark } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(
    server.db,
  );
  const response = await callerFor(server, account)(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  if (!('action' in spec)) return { response, rows: [], spec };
  const actions = spec.action.split('|');
  const { rows } = await sql<AuditRowSeen>`
    SELECT action, actor_id, actor_email, target_type, target_id, before, after, ip
    FROM audit_log WHERE at >= ${mark[0]!.now}
      AND (actor_id = ${account?.userId ?? null} OR ${account === undefined})`.execute(server.db);
  return {
    response,
    spec,
    rows: rows.filter((r) => actions.some((a) => r.action === a || r.action.startsWith(`${a}.`))),
  };
}

/** Exactly one entry, by this account, of the declared target type, with no secret in it. */
function expectOneEntry(
  result: Awaited<ReturnType<typeof audited>>,
  account: Account,
  secrets: string[] = [],
): AuditRowSeen {
  expect(result.rows, JSON.stringify(result.spec)).toHaveLength(1);
  const row = result.rows[0]!;
  expect(row).toMatchObject({ actor_id: account.userId, actor_email: account.email });
  if ('target' in result.spec) expect(row.target_type).toBe(result.spec.target);
  expect(row.ip).toBeTruthy();
  for (const secret of secrets) expect(JSON.stringify(row)).not.toContain(secret);
  return row;
}

describe('the audit declaration of every route', () => {
  it('every mutating route in the OpenAPI document declares an action or why it is exempt', () => {
    const missing: string[] = [];
    const vague: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!MUTATING.includes(method)) continue;
        const spec = operation['x-audit'];
        if (!spec) missing.push(`${method.toUpperCase()} ${path}`);
        else if ('exempt' in spec && spec.exempt.trim().length < 15) vague.push(path);
        else if ('action' in spec && !ACTION.test(spec.action))
          vague.push(`${path}: ${spec.action}`);
      }
    }
    expect(missing, 'mutating routes without x-audit').toEqual([]);
    expect(vague, 'exempt reasons too short or actions not area.verb').toEqual([]);
  });

  it('no route edits or deletes an audit entry', () => {
    const writable = Object.entries(document.paths).filter(
      ([path, methods]) =>
        /\/audit(\/|$)/.test(path) &&
        !path.startsWith('/api/database/') &&
        Object.keys(methods).some((m) => MUTATING.includes(m)),
    );
    expect(writable).toEqual([]);
  });
});

describe('mutating routes write their declared entry once, in the right name', () => {
  it('profile, password, sign-out and sign-in', async () => {
    const profile = await audited(user, 'PUT', '/api/auth/profile', '/api/auth/profile', {
      firstName: 'Ada',
    });
    const row = expectOneEntry(profile, user);
    expect(row).toMatchObject({ target_id: user.userId, after: { firstName: 'Ada' } });

    const next = `${STRONG_PASSWORD}x`;
    const changed = await audited(
      user,
      'POST',
      '/api/auth/change-password',
      '/api/auth/change-password',
      {
        currentPassword: STRONG_PASSWORD,
        newPassword: next,
      },
    );
    expectOneEntry(changed, user, [STRONG_PASSWORD, next]);

    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: next },
    });
    expect(login.statusCode).toBe(200);
    const session = { ...user, token: json<{ token: string }>(login).token };
    expect(
      await server.db
        .selectFrom('audit_log')
        .select(['target_type', 'actor_id'])
        .where('action', '=', 'auth.login')
        .where('actor_id', '=', user.userId)
        .execute(),
    ).toHaveLength(1);
    const logout = await audited(session, 'POST', '/api/auth/logout', '/api/auth/logout');
    expectOneEntry(logout, user);
  });

  it('API client collections, environments (never a variable value) and the own assistant key', async () => {
    const created = await audited(
      user,
      'POST',
      '/api/api-client/collections',
      '/api/api-client/collections',
      {
        name: 'Audited',
      },
    );
    const id = json<{ data: { collection: { id: string } } }>(created.response).data.collection.id;
    expect(expectOneEntry(created, user)).toMatchObject({
      target_id: id,
      after: { name: 'Audited' },
    });
    expectOneEntry(
      await audited(
        user,
        'DELETE',
        '/api/api-client/collections/:id',
        `/api/api-client/collections/${id}`,
      ),
      user,
    );

    const environment = await audited(
      user,
      'POST',
      '/api/api-client/environments',
      '/api/api-client/environments',
      {
        name: 'prod',
        variables: [
          { key: 'host', value: 'plain-value-9f1', secret: false, enabled: true },
          { key: 'token', value: 'secret-value-7c2', secret: true, enabled: true },
        ],
      },
    );
    const envRow = expectOneEntry(environment, user, ['plain-value-9f1', 'secret-value-7c2']);
    expect(envRow.after).toMatchObject({ name: 'prod', variables: ['host', 'token'] });

    const key = 'sk-test-0123456789abcdefghijklmnop';
    const saved = await audited(user, 'PUT', '/api/llm/key', '/api/llm/key', { apiKey: key });
    expectOneEntry(saved, user, [key]);
  });

  it('inventory sources, drift ignore rules and plans', async () => {
    const source = await audited(user, 'POST', '/api/inventory/sources', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'audited state',
      content: stateV4(),
    });
    const sourceRow = expectOneEntry(source, user);
    expect(sourceRow.after).toMatchObject({ name: 'audited state', version: 1 });

    const rule = await audited(user, 'POST', '/api/drift/ignore-rules', '/api/drift/ignore-rules', {
      attributePath: 'tags.LastScanned',
    });
    const ruleId = json<{ data: { id: string } }>(rule.response).data.id;
    expect(expectOneEntry(rule, user).target_id).toBe(ruleId);
    expectOneEntry(
      await audited(
        user,
        'DELETE',
        '/api/drift/ignore-rules/:id',
        `/api/drift/ignore-rules/${ruleId}`,
      ),
      user,
    );

    expectOneEntry(
      await audited(user, 'POST', '/api/subscription/choose', '/api/subscription/choose', {
        planId: 'free',
      }),
      user,
    );
  });

  it('staff vouchers and their redemption', async () => {
    const created = await audited(owner, 'POST', '/api/admin/vouchers', '/api/admin/vouchers', {
      type: 'pro',
      credits: 5,
      duration: 7,
      usageLimit: 2,
    });
    const voucher = json<{ data: { voucher: { id: string; code: string } } }>(created.response).data
      .voucher;
    expectOneEntry(created, owner);
    const redeemed = await audited(user, 'POST', '/api/vouchers/redeem', '/api/vouchers/redeem', {
      code: voucher.code,
    });
    expect(expectOneEntry(redeemed, user).target_id).toBe(voucher.id);
  });

  it('a contact message is recorded under the address its sender typed', async () => {
    const email = uniqueEmail('contact');
    const sent = await audited(undefined, 'POST', '/api/contact', '/api/contact', {
      name: 'Grace',
      email,
      subject: 'Audit',
      message: 'Hello there, this is a message long enough.',
    });
    const mine = sent.rows.filter((r) => r.actor_email === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actor_id: null, target_type: 'contact_message' });
  });

  it('a refused change writes nothing', async () => {
    const before = await server.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('actor_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const refused = await server.app.inject({
      method: 'DELETE',
      url: '/api/api-client/collections/00000000-0000-4000-8000-000000000000',
      headers: bearer(user.token),
    });
    expect(refused.statusCode).toBe(404);
    const after = await server.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('actor_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
