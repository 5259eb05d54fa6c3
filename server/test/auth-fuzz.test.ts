import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZApiError } from '@stratum/core/contract/common';
import * as auth from '@stratum/core/contract/auth/index';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import { bearer, signUp, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    limits: { authRequestsPerMinute: 1_000_000, loginFailuresPerAddress: 1_000_000 },
  });
  token = (await signUp(server)).token;
});
afterAll(async () => {
  await server.close();
});

const endpoints = (Object.values(auth) as unknown[]).filter(
  (v): v is EndpointDef => typeof v === 'object' && v !== null && 'path' in v && 'method' in v,
);

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000',
    '../../etc/passwd',
    '%00',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'a'.repeat(10_000),
    '🙂'.repeat(300),
    '__proto__',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const fieldNames = [
  'email',
  'password',
  'firstName',
  'lastName',
  'code',
  'token',
  'newPassword',
  'currentPassword',
  'designation',
  'avatarUrl',
  '__proto__',
  'constructor',
];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }),
  fc.anything(),
  hostileString.map((s) => ({ raw: s })),
);

async function snapshot() {
  const tables = ['users', 'sessions', 'email_codes', 'password_resets', 'login_attempts'] as const;
  const counts: Record<string, unknown> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      n: number;
      h: string;
    }>`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS h FROM ${sql.table(table)} t`.execute(
      server.db,
    );
    counts[table] = rows[0];
  }
  return counts;
}

it('answers random and hostile bodies on every auth route with a 4xx error shape and changes nothing', async () => {
  expect(endpoints.length).toBeGreaterThanOrEqual(10);
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      hostileBody,
      fc.boolean(),
      async (endpoint, body, isSignedIn) => {
        // Only requests the contract rejects: a valid one may legitimately change data.
        fc.pre(endpoint.body ? !endpoint.body.safeParse(body).success : !isSignedIn);
        const payload =
          (body as { raw?: unknown })?.raw !== undefined
            ? String((body as { raw: unknown }).raw)
            : JSON.stringify(body ?? null);
        const res = await server.app.inject({
          method: endpoint.method,
          url: endpoint.path,
          headers: { 'content-type': 'application/json', ...(isSignedIn ? bearer(token) : {}) },
          payload: endpoint.method === 'GET' ? undefined : payload,
        });
        expect(res.statusCode, `${endpoint.path} ${payload.slice(0, 200)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode).toBeLessThan(500);
        expect(ZApiError.safeParse(res.json()).success).toBe(true);
      },
    ),
    { numRuns: 400 },
  );
  expect(await snapshot()).toEqual(before);
});
