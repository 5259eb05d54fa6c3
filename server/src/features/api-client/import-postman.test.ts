import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkItems } from '@stratum/core/api-client/collection-ops';
import type { TCollectionDoc, TRequestItem } from '@stratum/core/api-client/model';
import { AppError } from '../../lib/errors';
import { importPostman } from './import-postman';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function requestNamed(doc: TCollectionDoc, name: string): TRequestItem {
  const found = [...walkItems(doc.items)].find((i) => i.kind === 'request' && i.name === name);
  if (found?.kind !== 'request') throw new Error(`no request ${name}`);
  return found;
}

let n = 0;
const newId = () => `i${++n}`;

describe("Microsoft Graph's Postman collection (real world, fixtures/README.md)", () => {
  const { doc, warnings } = importPostman(fixture('microsoft-graph.postman_collection.json'), {
    newId,
  });
  const items = [...walkItems(doc.items)];

  it('keeps every folder and request, in order', () => {
    expect(doc.name).toBe('Microsoft Graph');
    expect(items.filter((i) => i.kind === 'folder')).toHaveLength(29);
    expect(items.filter((i) => i.kind === 'request')).toHaveLength(169);
    expect(doc.items.map((i) => i.name)).toEqual([
      'On Behalf of a User',
      'Application',
      'Misc',
      'v1.0 $metadata',
      'beta $metadata',
    ]);
  });

  it('maps bearer auth, JSON bodies, query rows and both kinds of script', () => {
    const events = requestNamed(doc, 'Get My Events for next week').request;
    expect(events.auth).toEqual({ type: 'bearer', token: '{{UserAccessToken}}', prefix: 'Bearer' });
    expect(events.url).toBe(
      'https://graph.microsoft.com/v1.0/me/calendarview?startdatetime={{Today}}&enddatetime={{NextWeek}}',
    );
    expect(events.params.map((p) => [p.key, p.value, p.enabled])).toEqual([
      ['startdatetime', '{{Today}}', true],
      ['enddatetime', '{{NextWeek}}', true],
    ]);
    expect(events.scripts.preRequest).toBe(
      "postman.setEnvironmentVariable('Today',(new Date()).toISOString());\n" +
        "postman.setEnvironmentVariable('NextWeek',(new Date().addDays(7)).toISOString());",
    );
    // Windows line ends of the exported script are gone.
    expect(events.scripts.test).toMatch(/^try \{\n {4}if \(responseBody/);
    expect(events.scripts.test).not.toContain('\r');

    const create = requestNamed(doc, 'Create a new application').request;
    expect(create.method).toBe('POST');
    expect(create.body).toEqual({ mode: 'json', text: '{\n  "displayName": "My App"\n}' });
  });

  it('maps an urlencoded token request with inherited auth', () => {
    const token = requestNamed(doc, 'Get User Access Token').request;
    expect(token.url).toBe('https://login.microsoftonline.com/{{TenantID}}/oauth2/v2.0/token');
    expect(token.auth).toEqual({ type: 'inherit' });
    expect(token.body.mode === 'form' && token.body.fields.map((f) => f.key)).toEqual([
      'grant_type',
      'client_id',
      'client_secret',
      'scope',
      'userName',
      'password',
    ]);
  });

  it("says what it could not map: an OAuth 2.0 without a token URL, requests' descriptions", () => {
    const oauth = requestNamed(doc, 'Get Access Token using Postman OAuth2').request;
    expect(oauth.auth).toMatchObject({ type: 'oauth2', grant: 'authorization_code', tokenUrl: '' });
    expect(warnings).toContain(
      '"On Behalf of a User / Get Access Token using Postman OAuth2" uses OAuth 2.0 without a token URL; fill it in before sending',
    );
    expect(warnings.some((w) => /^Descriptions of \d+ requests were left out$/.test(w))).toBe(true);
  });
});

/** A small v2.1 collection with what Microsoft's does not have. */
const synthetic = {
  info: {
    name: 'Shop',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  auth: {
    type: 'apikey',
    apikey: [
      { key: 'key', value: 'X-Api-Key' },
      { key: 'value', value: '{{k}}' },
      { key: 'in', value: 'header' },
    ],
  },
  variable: [
    { key: 'host', value: 'shop.test' },
    { key: 'off', value: '1', disabled: true },
  ],
  event: [{ listen: 'prerequest', script: { exec: ['console.log(1)'] } }],
  item: [
    {
      name: 'Orders',
      auth: {
        type: 'basic',
        basic: [
          { key: 'username', value: 'u' },
          { key: 'password', value: 'p' },
        ],
      },
      item: [
        {
          name: 'Upload',
          request: {
            method: 'POST',
            url: {
              raw: 'https://{{host}}/orders/:orderId/files?draft=1',
              host: ['{{host}}'],
              path: ['orders', ':orderId', 'files'],
              protocol: 'https',
              query: [
                { key: 'draft', value: '1' },
                { key: 'debug', value: 'true', disabled: true },
              ],
              variable: [{ key: 'orderId', value: '' }],
            },
            header: [{ key: 'X-Off', value: '1', disabled: true }],
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'file', type: 'file', src: '/home/me/receipt.pdf' },
                { key: 'note', value: 'hi', type: 'text' },
              ],
            },
          },
          protocolProfileBehavior: { followRedirects: false },
          response: [{ name: 'ok' }],
        },
        {
          name: 'Query',
          request: {
            method: 'POST',
            url: 'https://{{host}}/graphql',
            body: {
              mode: 'graphql',
              graphql: { query: '{ orders { id } }', variables: '{"a":1}' },
            },
            auth: { type: 'hawk', hawk: [] },
          },
        },
        {
          name: 'Signed',
          request: {
            method: 'GET',
            url: 'https://s3.amazonaws.com/b',
            auth: {
              type: 'awsv4',
              awsv4: [
                { key: 'accessKey', value: 'AK' },
                { key: 'secretKey', value: 'SK' },
                { key: 'region', value: 'eu-west-1' },
                { key: 'service', value: 's3' },
              ],
            },
            body: { mode: 'raw', raw: '<a/>', options: { raw: { language: 'xml' } } },
          },
        },
      ],
    },
  ],
};

describe('Postman mapping', () => {
  it('maps auth at every level, disabled rows, path variables, form data and GraphQL', () => {
    const { doc, warnings } = importPostman(JSON.stringify(synthetic), { newId });
    expect(doc.auth).toEqual({ type: 'apikey', key: 'X-Api-Key', value: '{{k}}', in: 'header' });
    expect(doc.variables).toEqual([
      { key: 'host', value: 'shop.test', enabled: true },
      { key: 'off', value: '1', enabled: false },
    ]);
    const folder = doc.items[0];
    expect(folder?.kind === 'folder' && folder.auth).toEqual({
      type: 'basic',
      username: 'u',
      password: 'p',
    });

    const upload = requestNamed(doc, 'Upload').request;
    expect(upload.url).toBe('https://{{host}}/orders/{{orderId}}/files?draft=1');
    expect(upload.params.map((p) => [p.key, p.enabled])).toEqual([
      ['draft', true],
      ['debug', false],
    ]);
    expect(upload.headers).toEqual([{ key: 'X-Off', value: '1', enabled: false }]);
    expect(upload.auth).toEqual({ type: 'inherit' });
    expect(upload.settings.followRedirects).toBe(false);
    expect(upload.body).toEqual({
      mode: 'multipart',
      parts: [
        {
          kind: 'file',
          key: 'file',
          fileName: 'receipt.pdf',
          contentType: 'application/octet-stream',
          dataBase64: '',
          enabled: true,
        },
        { kind: 'text', key: 'note', value: 'hi', enabled: true },
      ],
    });

    const query = requestNamed(doc, 'Query').request;
    expect(query.body).toEqual({
      mode: 'graphql',
      query: '{ orders { id } }',
      variables: '{"a":1}',
    });
    expect(query.auth).toEqual({ type: 'none' });

    const signed = requestNamed(doc, 'Signed').request;
    expect(signed.auth).toEqual({
      type: 'awsv4',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      sessionToken: '',
      region: 'eu-west-1',
      service: 's3',
    });
    expect(signed.body).toEqual({ mode: 'raw', text: '<a/>', contentType: 'application/xml' });

    expect(warnings).toEqual(
      expect.arrayContaining([
        '"Orders / Upload": a Postman collection holds no file contents; choose the file for part "file" again',
        '"Orders / Query" uses hawk auth, which is not supported; it now has none',
        'Scripts of the collection were left out: only requests hold scripts here',
        '1 saved example responses were left out',
      ]),
    );
  });

  it('reads v2.0 shapes (auth objects, header text, script strings) through the SDK', () => {
    const v20 = {
      info: {
        name: 'Old',
        schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
      },
      item: [
        {
          name: 'Get',
          request: {
            url: 'https://x.test/a?b=1',
            method: 'GET',
            header: 'A: 1\nB: 2',
            auth: { type: 'basic', basic: { username: 'u', password: 'p' } },
          },
          event: [{ listen: 'test', script: 'pm.test("ok", () => {})' }],
        },
      ],
    };
    const get = requestNamed(importPostman(JSON.stringify(v20)).doc, 'Get').request;
    expect(get.headers.map((h) => `${h.key}=${h.value}`)).toEqual(['A=1', 'B=2']);
    expect(get.auth).toEqual({ type: 'basic', username: 'u', password: 'p' });
    expect(get.scripts.test).toBe('pm.test("ok", () => {})');
    expect(get.params).toEqual([{ key: 'b', value: '1', enabled: true }]);
  });

  it('merges folders nested deeper than the model allows, saying so', () => {
    let item: Record<string, unknown> = {
      name: 'leaf',
      request: { url: 'https://x.test', method: 'GET' },
    };
    for (let depth = 10; depth >= 1; depth--) item = { name: `f${depth}`, item: [item] };
    const { doc, warnings } = importPostman(JSON.stringify({ info: synthetic.info, item: [item] }));
    const folders = [...walkItems(doc.items)].filter((i) => i.kind === 'folder');
    expect(folders).toHaveLength(7);
    expect(requestNamed(doc, 'f8 / f9 / f10 / leaf').request.url).toBe('https://x.test');
    expect(warnings[0]).toMatch(/the folders inside "f7" were merged into it/);
  });

  it.each([
    ['not json', /^Postman collection: it is not valid JSON/],
    ['[1]', /expected a JSON object/],
    ['{"info":{"name":"x"},"item":[]}', /info\.schema is missing/],
    ['{"requests":[],"order":[]}', /old v1 format; export it from Postman as Collection v2\.1/],
    [
      '{"name":"e","values":[],"_postman_variable_scope":"environment"}',
      /a Postman environment, not a collection/,
    ],
    [
      '{"info":{"schema":"https://schema.getpostman.com/json/collection/v3.0.0/"},"item":[]}',
      /is not Collection v2\.0 or v2\.1/,
    ],
    [
      '{"info":{"schema":"https://schema.getpostman.com/json/collection/v2.1.0/"},"item":{}}',
      /"item" must be a list/,
    ],
  ])('refuses %s with a clear message', (text, message) => {
    expect(() => importPostman(text)).toThrow(message);
  });
});

describe('hostile collections', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const request = fc.record(
    {
      url: fc.oneof(json, fc.string()),
      method: fc.oneof(json, fc.constantFrom('GET', 'post', 'B A D')),
      header: json,
      body: fc.oneof(
        json,
        fc.record({
          mode: fc.constantFrom('raw', 'urlencoded', 'formdata', 'graphql', 'file', 'x'),
          raw: json,
          urlencoded: json,
          formdata: json,
          graphql: json,
          options: json,
        }),
      ),
      auth: fc.oneof(
        json,
        fc.record({
          type: fc.constantFrom('basic', 'bearer', 'apikey', 'oauth2', 'awsv4', 'digest', 'x'),
          basic: json,
          bearer: json,
          apikey: json,
          oauth2: json,
          awsv4: json,
        }),
      ),
    },
    { requiredKeys: [] },
  );
  const { item } = fc.letrec((tie) => ({
    item: fc.oneof(
      { depthSize: 'small' },
      fc.record({ name: json, request, event: json, response: json }, { requiredKeys: [] }),
      fc.record(
        { name: json, item: fc.array(tie('item'), { maxLength: 3 }), auth: json, event: json },
        { requiredKeys: [] },
      ),
      json,
    ),
  }));

  it('either import or answer import_invalid, whatever a v2.1 file holds', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), json, json, (items, variable, auth) => {
        try {
          importPostman(JSON.stringify({ info: synthetic.info, item: items, variable, auth }));
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('api/import_invalid');
        }
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });
});
