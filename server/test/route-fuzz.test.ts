import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError } from '@stratum/core/contract/common';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import { arbitraryFor, encodeComponent, hostileString } from './fuzz-arbitraries';
import { bearer, json, STRONG_PASSWORD, signUp, startTestServer, type TestServer } from './harness';
import { createProject, setPlan } from './planner-helpers';

// Every endpoint of the contract, found by walking core/src/contract: a new one is fuzzed too.
const CONTRACT = fileURLToPath(new URL('../../core/src/contract', import.meta.url));
const files = readdirSync(CONTRACT, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
);
const byRoute = new Map<string, EndpointDef>();
for (const file of files) {
  const mod = (await import(path.join(CONTRACT, file))) as Record<string, unknown>;
  for (const value of Object.values(mod)) {
    const e = value as Partial<EndpointDef> | null;
    // Endpoints answer JSON (`response`); the event streams answer events (`events`).
    const answers =
      e && typeof e === 'object' && (e.response ?? (e as { events?: unknown }).events);
    if (answers && e.method && e.path?.startsWith('/api')) {
      byRoute.set(`${e.method} ${e.path}`, e as EndpointDef);
    }
  }
}
const endpoints = [...byRoute.values()];

/** Fixed unless FUZZ_SEED is set; printed with any failure so a run can be replayed. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** FUZZ_REPORT=1 counts answers by status instead of failing (the figures in decision 0008). */
const isReport = process.env.FUZZ_REPORT === '1';
const tally = new Map<string, number>();

type Role = 'anonymous' | 'user' | 'owner';
interface Account {
  email: string;
  token: string;
}
let server: TestServer;
const accounts: Partial<Record<Role, Account>> = {};
const knownIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    limits: { authRequestsPerMinute: 1_000_000, loginFailuresPerAddress: 1_000_000 },
  });
  const user = await signUp(server);
  await setPlan(server, user.userId, 'enterprise');
  const owner = await signUp(server);
  await server.db
    .updateTable('users')
    .set({ role: 'owner' })
    .where('id', '=', owner.userId)
    .execute();
  accounts.user = user;
  accounts.owner = owner;
  const project = await createProject({
    userId: user.userId,
    token: user.token,
    call: (method, url, payload) =>
      server.app.inject({ method, url, headers: bearer(user.token), payload: payload as never }),
  });
  knownIds.push(project.id);
}, 60_000);
afterAll(async () => {
  // As the owner the fuzz changes instance-wide settings (a mail relay at a made-up host, edited
  // templates, notices, database and egress settings); the files after it need a default instance.
  await sql`TRUNCATE mailing_config, email_templates, egress_settings, database_config, site_notices, llm_settings CASCADE`.execute(
    server.db,
  );
  await server.close();
  if (isReport)
    process.stdout.write(`fuzz answers: ${JSON.stringify(Object.fromEntries(tally))}\n`);
});

/** A signed-in role whose session a fuzzed call ended (logout, …) signs in again. */
async function renew(role: Role): Promise<void> {
  const account = accounts[role];
  if (!account) return;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: STRONG_PASSWORD },
  });
  if (res.statusCode === 200) account.token = json<{ token: string }>(res).token;
}

function urlFor(endpoint: EndpointDef, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const pathPart = endpoint.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeComponent(values[key] ?? ''),
  );
  if (!query || typeof query !== 'object') return pathPart;
  const pairs = Object.entries(query as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`);
  return pairs.length ? `${pathPart}?${pairs.join('&')}` : pathPart;
}

const rawBody = fc.oneof(
  fc.constant(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  fc.constant(`{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`),
  hostileString,
);

describe.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_, endpoint) => {
  it('never answers 5xx and answers every 4xx in the error shape', async () => {
    const params = endpoint.params ? arbitraryFor(endpoint.params) : fc.constant(undefined);
    const idParams = fc.constantFrom(...knownIds).map((id) => ({ id }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Role>('anonymous', 'user', 'owner'),
        endpoint.path.includes(':id') ? fc.oneof(params, idParams) : params,
        endpoint.querystring ? arbitraryFor(endpoint.querystring) : fc.constant(undefined),
        endpoint.body
          ? fc.oneof(
              { weight: 6, arbitrary: arbitraryFor(endpoint.body).map((b) => ({ b })) },
              { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
            )
          : fc.constant(undefined),
        async (role, params, query, body) => {
          const account = role === 'anonymous' ? undefined : accounts[role];
          const payload = body && ('raw' in body ? body.raw : JSON.stringify(body.b ?? null));
          const res = await server.app.inject({
            method: endpoint.method,
            url: urlFor(endpoint, params, query),
            headers: {
              ...(account && bearer(account.token)),
              ...(payload !== undefined && { 'content-type': 'application/json' }),
            },
            ...(payload !== undefined && { payload }),
          });
          const what = `seed ${SEED}: ${role} ${endpoint.method} ${urlFor(endpoint, params, query).slice(0, 200)} ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          const status = String(res.statusCode);
          const key =
            res.statusCode >= 500 ? `${status} ${endpoint.method} ${endpoint.path}` : status;
          tally.set(key, (tally.get(key) ?? 0) + 1);
          if (res.statusCode === 401 && account) await renew(role);
          if (isReport) return;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(ZApiError.safeParse(res.json()).success, what).toBe(true);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});

it('covers every route the API documents', () => {
  const openapi = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../docs/openapi.json', import.meta.url)), 'utf8'),
  ) as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(openapi.paths).flatMap(([p, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  expect(documented.filter((route) => !byRoute.has(route))).toEqual([]);
  expect(endpoints.length).toBe(documented.length);
});
