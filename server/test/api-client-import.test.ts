import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_STORE_LIMITS } from '@stratum/core/contract/api-client/collections';
import { POSTMAN_V21_SCHEMA } from '../src/features/api-client/export-postman';
import { json, startTestServer, type TestServer } from './harness';
import { errorOf, newUser, type User } from './planner-helpers';

const fixture = (name: string) =>
  readFileSync(new URL(`../src/features/api-client/fixtures/${name}`, import.meta.url), 'utf8');

let server: TestServer;
let user: User;

beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server);
});
afterAll(async () => {
  await server.close();
});

interface Imported {
  kind: 'collection' | 'request';
  collection: { id: string; name: string; requestCount: number; doc: { items: unknown[] } };
  request: { method: string; url: string };
  warnings: string[];
}
const importOf = (res: LightMyRequestResponse) => json<{ data: Imported }>(res).data;
const send = (format: string, text: string, as: User = user) =>
  as.call('POST', '/api/api-client/import', { format, text });
const count = async (as: User) =>
  json<{ data: { collections: unknown[] } }>(await as.call('GET', '/api/api-client/collections'))
    .data.collections.length;

/** The document without item ids (each import gives new ones). */
const withoutIds = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, v: unknown) => (key === 'id' ? undefined : v));

describe('import', () => {
  it("stores Microsoft Graph's Postman collection as a new collection", async () => {
    const res = await send('postman', fixture('microsoft-graph.postman_collection.json'));
    expect(res.statusCode, res.body).toBe(200);
    const data = importOf(res);
    expect(data.kind).toBe('collection');
    expect(data.collection).toMatchObject({ name: 'Microsoft Graph', requestCount: 169 });
    const stored = await user.call('GET', `/api/api-client/collections/${data.collection.id}`);
    expect(stored.statusCode).toBe(200);
  });

  it("stores Ory Hydra's OpenAPI document and the OAI petstore (YAML)", async () => {
    const hydra = importOf(await send('openapi', fixture('ory-hydra-api.json')));
    expect(hydra.collection).toMatchObject({ name: 'Ory Hydra API', requestCount: 52 });
    expect(hydra.warnings).toContain(
      'The document names no server: set the collection variable baseUrl',
    );
    const pets = importOf(await send('openapi', fixture('oai-petstore-expanded.yaml')));
    expect(pets.collection).toMatchObject({ name: 'Swagger Petstore', requestCount: 4 });
  });

  it('reads a curl command into a request without storing anything', async () => {
    const before = await count(user);
    const res = await send(
      'curl',
      "curl -X PATCH https://api.test/items/7 -d '{\"a\":1}' -H 'content-type: application/json'",
    );
    expect(importOf(res)).toMatchObject({
      kind: 'request',
      request: {
        method: 'PATCH',
        url: 'https://api.test/items/7',
        body: { mode: 'json', text: '{"a":1}' },
      },
      warnings: [],
    });
    expect(await count(user)).toBe(before);
  });

  it.each([
    ['postman', '{"info":', /^Postman collection: it is not valid JSON/],
    ['postman', '{"info":{"name":"x"},"item":[]}', /^Postman collection: info\.schema is missing/],
    ['openapi', 'swagger: "2.0"\ninfo: {}', /^OpenAPI document: this is Swagger 2\.0/],
    [
      'openapi',
      '{"openapi":"3.0.3","paths":{}}',
      /^OpenAPI document: it is not a valid OpenAPI 3\.0\.3 document/,
    ],
    ['curl', 'wget https://x.test', /^curl command: command should begin with "curl"/],
  ])(
    'answers 400 api/import_invalid for a bad %s document, storing nothing',
    async (format, text, message) => {
      const other = await newUser(server);
      const res = await send(format, text, other);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'api/import_invalid',
        message: expect.stringMatching(message),
      });
      expect(await count(other)).toBe(0);
    },
  );

  it('answers 400, not 500, when a parser gives up on a hostile document', async () => {
    const deep = `{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{},"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await send('openapi', deep);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'api/import_invalid',
      message: expect.stringMatching(/^OpenAPI document: it could not be read/),
    });
  });

  it('refuses text over the import size cap', async () => {
    const res = await send('postman', ' '.repeat(API_STORE_LIMITS.importBytes + 1));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('request/invalid');
  });
});

describe('export', () => {
  it('exports Postman v2.1 that imports back to the same collection', async () => {
    const original = importOf(
      await send('postman', fixture('microsoft-graph.postman_collection.json')),
    );
    const res = await user.call(
      'GET',
      `/api/api-client/collections/${original.collection.id}/export`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const exported = json<{
      data: { fileName: string; collection: { info: { schema: string } }; warnings: string[] };
    }>(res).data;
    expect(exported.fileName).toBe('Microsoft Graph.postman_collection.json');
    expect(exported.collection.info.schema).toBe(POSTMAN_V21_SCHEMA);
    expect(exported.warnings).toEqual([]);

    const again = importOf(await send('postman', JSON.stringify(exported.collection)));
    expect(again.collection.requestCount).toBe(169);
    expect(withoutIds(again.collection.doc)).toEqual(withoutIds(original.collection.doc));
  });

  it("answers 404 for another user's collection", async () => {
    const mine = importOf(await send('openapi', fixture('oai-petstore-expanded.yaml')));
    const stranger = await newUser(server);
    const res = await stranger.call(
      'GET',
      `/api/api-client/collections/${mine.collection.id}/export`,
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('api/not_found');
  });
});
