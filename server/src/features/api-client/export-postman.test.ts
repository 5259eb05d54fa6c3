import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseCollection,
  type TCollectionDoc,
  type TCollectionItem,
} from '@stratum/core/api-client/model';
import { exportPostman, POSTMAN_V21_SCHEMA } from './export-postman';
import { importPostman } from './import-postman';

/** The document without item ids (an import gives new ones). */
const withoutIds = (doc: TCollectionDoc) => {
  const strip = (items: TCollectionItem[]): unknown[] =>
    items.map(({ id: _id, ...rest }) =>
      rest.kind === 'folder' ? { ...rest, items: strip(rest.items) } : rest,
    );
  return { ...doc, items: strip(doc.items) };
};

function parsed(input: unknown): TCollectionDoc {
  const result = parseCollection(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.doc;
}

/** Everything a collection can say that Postman can hold too. */
const doc = parsed({
  v: 1,
  name: 'Shop',
  description: 'The shop API',
  auth: { type: 'bearer', token: '{{token}}' },
  variables: [
    { key: 'host', value: 'shop.test' },
    { key: 'old', value: 'x', enabled: false },
  ],
  items: [
    {
      id: 'f1',
      kind: 'folder',
      name: 'Orders',
      description: 'Order endpoints',
      auth: { type: 'basic', username: 'u', password: '{{pw}}' },
      items: [
        {
          id: 'r1',
          kind: 'request',
          name: 'Create order',
          request: {
            method: 'POST',
            url: 'https://{{host}}/orders?draft=1',
            params: [
              { key: 'draft', value: '1' },
              { key: 'debug', value: 'true', enabled: false },
            ],
            headers: [
              { key: 'X-Trace', value: '{{trace}}', description: 'for the logs' },
              { key: 'X-Off', value: '1', enabled: false },
            ],
            body: { mode: 'json', text: '{\n  "sku": "A1"\n}' },
            scripts: {
              preRequest: 'pm.environment.set("t", Date.now());',
              test: 'pm.test("ok", () => {});\n// done',
            },
            settings: { followRedirects: false },
          },
        },
        {
          id: 'f2',
          kind: 'folder',
          name: 'Files',
          auth: { type: 'inherit' },
          items: [
            {
              id: 'r2',
              kind: 'request',
              name: 'Upload',
              request: {
                method: 'PUT',
                url: 'https://{{host}}/files',
                body: {
                  mode: 'multipart',
                  parts: [
                    { kind: 'text', key: 'note', value: 'hi' },
                    {
                      kind: 'file',
                      key: 'doc',
                      fileName: 'a.pdf',
                      contentType: 'application/pdf',
                      dataBase64: '',
                    },
                  ],
                },
                auth: { type: 'apikey', key: 'X-Key', value: '{{k}}', in: 'query' },
              },
            },
          ],
        },
      ],
    },
    {
      id: 'r3',
      kind: 'request',
      name: 'Token',
      request: {
        method: 'POST',
        url: 'https://auth.test/token',
        body: {
          mode: 'form',
          fields: [
            { key: 'grant_type', value: 'client_credentials' },
            { key: 'x', value: '1', enabled: false },
          ],
        },
        auth: {
          type: 'oauth2',
          grant: 'client_credentials',
          tokenUrl: 'https://auth.test/token',
          clientId: 'c',
          clientSecret: '{{s}}',
          scope: 'read write',
          clientAuth: 'body',
        },
      },
    },
    {
      id: 'r4',
      kind: 'request',
      name: 'Query',
      request: {
        method: 'POST',
        url: 'https://{{host}}/graphql',
        body: { mode: 'graphql', query: '{ a }', variables: '{"x":1}' },
        auth: { type: 'none' },
      },
    },
    {
      id: 'r5',
      kind: 'request',
      name: 'Signed',
      request: {
        url: 'https://s3.amazonaws.com/b',
        body: { mode: 'raw', text: '<a/>', contentType: 'application/xml' },
        auth: {
          type: 'awsv4',
          accessKeyId: 'AK',
          secretAccessKey: 'SK',
          sessionToken: 'ST',
          region: 'eu-west-1',
          service: 's3',
        },
      },
    },
    {
      id: 'r6',
      kind: 'request',
      name: 'Digest',
      request: { url: 'https://x.test/d', auth: { type: 'digest', username: 'a', password: 'b' } },
    },
  ],
});

describe('export as Postman collection v2.1', () => {
  it('round-trips through the importer unchanged', () => {
    const { collection, warnings } = exportPostman(doc);
    expect(collection.info).toEqual({
      name: 'Shop',
      schema: POSTMAN_V21_SCHEMA,
      description: { content: 'The shop API', type: 'text/plain' },
    });
    expect(warnings).toEqual([]);
    const back = importPostman(JSON.stringify(collection));
    expect(back.warnings).toEqual([
      '"Orders / Files / Upload": a Postman collection holds no file contents; choose the file for part "doc" again',
    ]);
    expect(withoutIds(back.doc)).toEqual(withoutIds(doc));
  });

  it('writes what Postman reads: raw JSON, auth parameter lists, scripts as lines', () => {
    const { collection } = exportPostman(doc);
    // The same document, the same file.
    expect(exportPostman(doc).collection).toEqual(collection);
    const orders = (
      collection.item as { item: { request: Record<string, unknown>; event: unknown[] }[] }[]
    )[0];
    const create = orders?.item[0];
    // The URL bar's text as Postman writes it (the SDK alone drops it).
    expect((create?.request.url as { raw?: string }).raw).toBe(
      (doc.items[0] as { items: { request: { url: string } }[] }).items[0]!.request.url,
    );
    expect(create?.request.body).toEqual({
      mode: 'raw',
      raw: '{\n  "sku": "A1"\n}',
      options: { raw: { language: 'json' } },
    });
    expect(create?.event).toEqual([
      {
        listen: 'prerequest',
        script: { type: 'text/javascript', exec: ['pm.environment.set("t", Date.now());'] },
      },
      {
        listen: 'test',
        script: { type: 'text/javascript', exec: ['pm.test("ok", () => {});', '// done'] },
      },
    ]);
    expect(collection.auth).toEqual({
      type: 'bearer',
      bearer: [{ key: 'token', value: '{{token}}', type: 'string' }],
    });
  });

  it('says what Postman cannot hold', () => {
    const withExtras = parsed({
      ...doc,
      items: [
        {
          id: 'x',
          kind: 'request',
          name: 'Extras',
          request: {
            url: 'https://x.test',
            settings: { timeoutMs: 5000, retries: { count: 2 } },
            auth: { type: 'bearer', token: 't', prefix: 'Token' },
            body: {
              mode: 'multipart',
              parts: [{ kind: 'file', key: 'f', fileName: 'a.txt', dataBase64: 'aGk=' }],
            },
          },
        },
      ],
    });
    expect(exportPostman(withExtras).warnings).toEqual([
      '"Extras": Postman collections hold no timeout or retries; they were left out',
      '"Extras": a Postman collection holds no file contents; the file a.txt is named only',
      '"Extras": Postman always sends "Bearer"; the prefix Token was dropped',
    ]);
  });

  it("round-trips Microsoft Graph's collection (import → export → import)", () => {
    const text = readFileSync(
      new URL('./fixtures/microsoft-graph.postman_collection.json', import.meta.url),
      'utf8',
    );
    const first = importPostman(text).doc;
    const again = importPostman(JSON.stringify(exportPostman(first).collection)).doc;
    expect(withoutIds(again)).toEqual(withoutIds(first));
  });
});
