import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_LIMITS } from '@stratum/core/api-client/model';
import {
  applyEnvironmentChanges,
  loadEnvironmentScope,
} from '../src/features/api-client/environments-service';
import { appendHistory } from '../src/features/api-client/history-service';
import { deriveKeys } from '../src/lib/secrets';
import { json, startTestServer, type TestServer } from './harness';
import { errorOf, newUser, type User } from './planner-helpers';

let server: TestServer;
let alice: User;
let bob: User;
/** The key the harness gives the app (harness.ts). */
const key = deriveKeys('test-secret-key-that-is-long-enough-0123456789').encryption;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = [await newUser(server), await newUser(server)];
});
afterAll(async () => {
  await server.close();
});

const doc = (name: string, extra: Record<string, unknown> = {}) => ({
  v: 1,
  name,
  items: [
    {
      id: 'f1',
      kind: 'folder',
      name: 'Orders',
      items: [
        { id: 'r1', kind: 'request', name: 'List', request: { url: 'https://x.test/orders' } },
      ],
    },
    { id: 'r2', kind: 'request', name: 'Health', request: { url: 'https://x.test/health' } },
  ],
  ...extra,
});

interface Collection {
  id: string;
  name: string;
  revision: number;
  requestCount: number;
  doc: { name: string; items: unknown[] };
}
const collectionOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { collection: Collection } }).data.collection;

async function create(user: User, body: Record<string, unknown>): Promise<Collection> {
  const res = await user.call('POST', '/api/api-client/collections', body);
  expect(res.statusCode, res.body).toBe(200);
  return collectionOf(res);
}

describe('collections', () => {
  it('creates an empty collection or one from a document, and lists them', async () => {
    const user = await newUser(server);
    const empty = await create(user, { name: ' Scratch ' });
    expect(empty).toMatchObject({ name: 'Scratch', revision: 0, requestCount: 0 });
    expect(empty.doc).toMatchObject({ v: 1, name: 'Scratch', items: [], auth: { type: 'none' } });
    const shop = await create(user, { doc: doc('Shop') });
    expect(shop).toMatchObject({ name: 'Shop', requestCount: 2 });
    const res = await user.call('GET', '/api/api-client/collections');
    const { collections, limit } = json<{
      data: { collections: Collection[]; limit: number };
    }>(res).data;
    expect(limit).toBe(API_LIMITS.collectionsPerUser);
    expect(collections.map((c) => [c.name, c.requestCount])).toEqual([
      ['Shop', 2],
      ['Scratch', 0],
    ]);
    expect(collections[0]).not.toHaveProperty('doc');
    const got = collectionOf(await user.call('GET', `/api/api-client/collections/${shop.id}`));
    expect(got.doc.items).toHaveLength(2);
  });

  it('saves over the revision it edited; a stale one is a 409 with the stored revision', async () => {
    const shop = await create(alice, { doc: doc('Shop') });
    const url = `/api/api-client/collections/${shop.id}`;
    const moved = doc('Shop v2', { items: [doc('x').items[1]] });
    const saved = await alice.call('PUT', url, { revision: 0, doc: moved });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(collectionOf(saved)).toMatchObject({ name: 'Shop v2', revision: 1, requestCount: 1 });

    const stale = await alice.call('PUT', url, { revision: 0, doc: doc('Lost') });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'api/revision_conflict', currentRevision: 1 });
    const now = collectionOf(await alice.call('GET', url));
    expect(now).toMatchObject({ name: 'Shop v2', revision: 1 });
  });

  it('refuses a document that breaks the model, storing nothing', async () => {
    const user = await newUser(server);
    const dup = doc('Dup');
    (dup.items[1] as { id: string }).id = 'f1';
    for (const bad of [dup, { ...doc('Future'), v: 2 }, { v: 1, name: '  ' }]) {
      const res = await user.call('POST', '/api/api-client/collections', { doc: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).code).toBe('request/invalid');
    }
    const list = await user.call('GET', '/api/api-client/collections');
    expect(json<{ data: { collections: unknown[] } }>(list).data.collections).toEqual([]);
  });

  it("answers 404 for another user's collection or a made-up id, and changes nothing", async () => {
    const shop = await create(alice, { doc: doc('Private') });
    const url = `/api/api-client/collections/${shop.id}`;
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PUT', url, { revision: 0, doc: doc('Hijack') }],
      ['DELETE', url, undefined],
      ['POST', `${url}/duplicate`, {}],
      ['GET', `${url}/export`, undefined],
      ['GET', '/api/api-client/collections/not-a-uuid', undefined],
    ] as const) {
      const res = await bob.call(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(errorOf(res).code).toBe('api/not_found');
    }
    expect(collectionOf(await alice.call('GET', url))).toMatchObject({
      name: 'Private',
      revision: 0,
    });
  });

  it('duplicates a collection and deletes one', async () => {
    const shop = await create(alice, { doc: doc('Copied') });
    const res = await alice.call('POST', `/api/api-client/collections/${shop.id}/duplicate`, {});
    const copy = collectionOf(res);
    expect(copy).toMatchObject({ name: 'Copied copy', revision: 0, requestCount: 2 });
    expect(copy.id).not.toBe(shop.id);
    expect(copy.doc.items).toEqual(shop.doc.items);
    const removed = await alice.call('DELETE', `/api/api-client/collections/${shop.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await alice.call('GET', `/api/api-client/collections/${shop.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('takes a document larger than the usual 1 MiB body (a file in a multipart body)', async () => {
    const big = doc('Files', {
      items: [
        {
          id: 'up',
          kind: 'request',
          name: 'Upload',
          request: {
            method: 'POST',
            url: 'https://x.test/up',
            body: {
              mode: 'multipart',
              parts: [
                { kind: 'file', key: 'f', fileName: 'a.bin', dataBase64: 'A'.repeat(1_500_000) },
              ],
            },
          },
        },
      ],
    });
    expect((await create(alice, { doc: big })).requestCount).toBe(1);
  });

  it(`stops at ${API_LIMITS.collectionsPerUser} collections`, async () => {
    const user = await newUser(server);
    await sql`INSERT INTO api_collections (user_id, name, doc)
      SELECT ${user.userId}, 'c' || n, ${JSON.stringify(doc('c'))}::jsonb
      FROM generate_series(1, ${API_LIMITS.collectionsPerUser}) n`.execute(server.db);
    const res = await user.call('POST', '/api/api-client/collections', { name: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'api/limit_reached',
      message: 'You can keep at most 200 collections. Delete one first.',
    });
  });
});

interface Environment {
  id: string;
  name: string;
  revision: number;
  variables: { key: string; value: string; secret: boolean; enabled: boolean; hasValue: boolean }[];
}
const envOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { environment: Environment } }).data.environment;
const SECRET = 'sk_live_0123456789abcdef';

describe('environments', () => {
  let env: Environment;
  const url = () => `/api/api-client/environments/${env.id}`;

  beforeAll(async () => {
    const res = await alice.call('POST', '/api/api-client/environments', {
      name: 'Production',
      variables: [
        { key: 'host', value: 'api.shop.test' },
        { key: 'apiKey', value: SECRET, secret: true },
        { key: 'debug', value: '1', enabled: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    env = envOf(res);
  });

  it('never sends a secret value back, in the answer, the list or a read', async () => {
    expect(env.variables).toEqual([
      { key: 'host', value: 'api.shop.test', secret: false, enabled: true, hasValue: true },
      { key: 'apiKey', value: '', secret: true, enabled: true, hasValue: true },
      { key: 'debug', value: '1', secret: false, enabled: false, hasValue: true },
    ]);
    const list = await alice.call('GET', '/api/api-client/environments');
    const read = await alice.call('GET', url());
    for (const res of [list, read]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(SECRET);
    }
    expect(envOf(read).variables[1]).toMatchObject({ value: '', hasValue: true });
  });

  it('stores the secret encrypted: the row holds no plaintext', async () => {
    const { rows } = await sql<{
      variables: string;
      sealed_secrets: string;
    }>`SELECT variables::text AS variables, sealed_secrets FROM api_environments WHERE id = ${env.id}`.execute(
      server.db,
    );
    expect(rows[0]?.variables).not.toContain(SECRET);
    expect(rows[0]?.sealed_secrets).toMatch(/^v1\./);
    expect(rows[0]?.sealed_secrets).not.toContain(SECRET);
    expect(JSON.stringify(rows)).not.toContain(Buffer.from(SECRET).toString('base64'));
  });

  it('reveals a value to its owner only', async () => {
    const res = await alice.call('POST', `${url()}/reveal`, { key: 'apiKey' });
    expect(json<{ data: unknown }>(res).data).toEqual({ key: 'apiKey', value: SECRET });
    const missing = await alice.call('POST', `${url()}/reveal`, { key: 'nope' });
    expect(missing.statusCode).toBe(404);
    const stranger = await bob.call('POST', `${url()}/reveal`, { key: 'apiKey' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(SECRET);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { revision: 0, name: 'x', variables: [] }],
      ['DELETE', undefined],
    ] as const) {
      expect((await bob.call(method, url(), body)).statusCode).toBe(404);
    }
  });

  it('keeps a secret sent back as null, replaces one sent with a value, refuses a stale revision', async () => {
    const keep = await alice.call('PUT', url(), {
      revision: env.revision,
      name: 'Prod',
      variables: [
        { key: 'apiKey', value: null, secret: true },
        { key: 'host', value: 'api2.shop.test' },
      ],
    });
    expect(keep.statusCode, keep.body).toBe(200);
    env = envOf(keep);
    expect(env).toMatchObject({ name: 'Prod', revision: 1 });
    const reveal = () => alice.call('POST', `${url()}/reveal`, { key: 'apiKey' });
    expect(json<{ data: { value: string } }>(await reveal()).data.value).toBe(SECRET);

    const stale = await alice.call('PUT', url(), { revision: 0, name: 'Old', variables: [] });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'api/revision_conflict', currentRevision: 1 });

    const replaced = await alice.call('PUT', url(), {
      revision: 1,
      name: 'Prod',
      variables: [{ key: 'apiKey', value: 'rotated', secret: true }],
    });
    env = envOf(replaced);
    expect(json<{ data: { value: string } }>(await reveal()).data.value).toBe('rotated');
  });

  it('refuses two variables of one name', async () => {
    const res = await alice.call('POST', '/api/api-client/environments', {
      name: 'Dup',
      variables: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Duplicate variable a');
  });

  it("gives the runner the decrypted scope and applies scripts' changes", async () => {
    const res = await alice.call('POST', '/api/api-client/environments', {
      name: 'Runner',
      variables: [
        { key: 'token', value: 'old-token', secret: true },
        { key: 'host', value: 'h.test' },
        { key: 'off', value: 'x', enabled: false },
      ],
    });
    const id = envOf(res).id;
    const scope = await loadEnvironmentScope(server.db, key, alice.userId, id);
    expect(scope).toEqual(
      new Map([
        ['token', 'old-token'],
        ['host', 'h.test'],
      ]),
    );
    await applyEnvironmentChanges(server.db, key, alice.userId, id, {
      set: { token: 'new-token', orderId: '42' },
      unset: ['host'],
    });
    const after = envOf(await alice.call('GET', `/api/api-client/environments/${id}`));
    expect(after.revision).toBe(1);
    expect(after.variables.map((v) => [v.key, v.value, v.secret])).toEqual([
      ['token', '', true],
      ['off', 'x', false],
      ['orderId', '42', false],
    ]);
    expect(await loadEnvironmentScope(server.db, key, alice.userId, id)).toEqual(
      new Map([
        ['token', 'new-token'],
        ['orderId', '42'],
      ]),
    );
    await expect(loadEnvironmentScope(server.db, key, bob.userId, id)).rejects.toMatchObject({
      code: 'api/not_found',
    });
    await expect(
      applyEnvironmentChanges(server.db, key, bob.userId, id, { set: { a: 'b' }, unset: [] }),
    ).rejects.toMatchObject({ code: 'api/not_found' });
  });

  it('deletes an environment', async () => {
    const res = await alice.call('POST', '/api/api-client/environments', { name: 'Temp' });
    const id = envOf(res).id;
    expect((await alice.call('DELETE', `/api/api-client/environments/${id}`)).statusCode).toBe(200);
    expect((await alice.call('GET', `/api/api-client/environments/${id}`)).statusCode).toBe(404);
  });
});

describe('history', () => {
  const entry = (n: number, extra: Record<string, unknown> = {}) => ({
    request: { method: 'GET', url: `{{host}}/items/${n}` },
    method: 'GET',
    url: `{{host}}/items/${n}`,
    status: 200,
    durationMs: n,
    sizeBytes: 10 * n,
    ...extra,
  });
  interface Summary {
    id: string;
    url: string;
    status: number | null;
    error: string | null;
    collectionId: string | null;
  }
  const listOf = async (user: User) =>
    json<{ data: { entries: Summary[]; limit: number } }>(
      await user.call('GET', '/api/api-client/history'),
    ).data;

  it(`keeps the newest ${API_LIMITS.historyEntries} entries, newest first`, async () => {
    const user = await newUser(server);
    // 199 older entries written directly (fast), then the runner's appends cross the limit.
    await sql`INSERT INTO api_history (user_id, method, url, status, duration_ms, size_bytes, request)
      SELECT ${user.userId}, 'GET', '{{host}}/items/' || n, 200, n, 10 * n,
        jsonb_build_object('url', '{{host}}/items/' || n)
      FROM generate_series(1, ${API_LIMITS.historyEntries - 1}) n`.execute(server.db);
    for (let n = API_LIMITS.historyEntries; n <= API_LIMITS.historyEntries + 5; n++) {
      await appendHistory(server.db, user.userId, entry(n));
    }
    const { entries, limit } = await listOf(user);
    expect(limit).toBe(200);
    expect(entries).toHaveLength(200);
    expect(entries[0]?.url).toBe('{{host}}/items/205');
    expect(entries.at(-1)?.url).toBe('{{host}}/items/6');
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM api_history WHERE user_id = ${user.userId}`.execute(server.db);
    expect(Number(rows[0]?.n)).toBe(200);
  });

  it('reads, deletes and clears entries; others see none of them', async () => {
    const user = await newUser(server);
    const mine = await create(user, { name: 'Mine' });
    const theirs = await create(bob, { name: 'Theirs' });
    const { id } = await appendHistory(server.db, user.userId, {
      ...entry(1),
      status: null,
      error: 'connect ECONNREFUSED',
      collectionId: mine.id,
      itemId: 'r1',
    });
    await appendHistory(server.db, user.userId, { ...entry(2), collectionId: theirs.id });
    const { entries } = await listOf(user);
    expect(entries.map((e) => [e.status, e.error, e.collectionId])).toEqual([
      [200, null, null],
      [null, 'connect ECONNREFUSED', mine.id],
    ]);
    const one = await user.call('GET', `/api/api-client/history/${id}`);
    expect(
      json<{ data: { entry: { request: { url: string } } } }>(one).data.entry.request.url,
    ).toBe('{{host}}/items/1');
    expect((await bob.call('GET', `/api/api-client/history/${id}`)).statusCode).toBe(404);
    expect((await bob.call('DELETE', `/api/api-client/history/${id}`)).statusCode).toBe(404);
    expect((await user.call('DELETE', `/api/api-client/history/${id}`)).statusCode).toBe(200);
    expect((await user.call('GET', `/api/api-client/history/${id}`)).statusCode).toBe(404);
    await appendHistory(server.db, bob.userId, entry(3));
    expect((await user.call('DELETE', '/api/api-client/history')).statusCode).toBe(200);
    expect((await listOf(user)).entries).toEqual([]);
    expect((await listOf(bob)).entries.length).toBeGreaterThan(0);
  });
});
