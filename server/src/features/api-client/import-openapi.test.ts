import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { walkItems } from '@stratum/core/api-client/collection-ops';
import type { TCollectionDoc, TRequestItem } from '@stratum/core/api-client/model';
import { importOpenApi } from './import-openapi';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function requestNamed(doc: TCollectionDoc, name: string): TRequestItem {
  const found = [...walkItems(doc.items)].find((i) => i.kind === 'request' && i.name === name);
  if (found?.kind !== 'request') throw new Error(`no request ${name}`);
  return found;
}

describe("Ory Hydra's OpenAPI 3.0 document (real world, fixtures/README.md)", async () => {
  const { doc, warnings } = await importOpenApi(fixture('ory-hydra-api.json'));

  it('makes each operation a request, in a folder per tag', () => {
    expect(doc.name).toBe('Ory Hydra API');
    expect(doc.items.map((f) => [f.name, f.kind === 'folder' ? f.items.length : 0])).toEqual([
      ['oAuth2', 33],
      ['oidc', 8],
      ['jwk', 7],
      ['wellknown', 1],
      ['metadata', 3],
    ]);
    expect(doc.items[0]?.kind === 'folder' && doc.items[0].description).toBe('OAuth 2.0');
  });

  it('has no server to offer, and says so', () => {
    expect(doc.variables[0]).toEqual({ key: 'baseUrl', value: '', enabled: true });
    expect(warnings).toContain('The document names no server: set the collection variable baseUrl');
  });

  it('maps path parameters, optional query rows and a sampled JSON body', () => {
    const get = requestNamed(doc, 'Get an OAuth 2.0 Client').request;
    expect(get.method).toBe('GET');
    expect(get.url).toBe('{{baseUrl}}/admin/clients/{{id}}');
    const list = requestNamed(doc, 'List OAuth 2.0 Clients').request;
    expect(list.url).toBe('{{baseUrl}}/admin/clients');
    expect(list.params.map((p) => [p.key, p.enabled])).toEqual([
      ['page_size', false],
      ['page_token', false],
      ['client_name', false],
      ['owner', false],
    ]);
    const create = requestNamed(doc, 'Create OAuth 2.0 Client').request;
    expect(create.body.mode).toBe('json');
    const body = JSON.parse(create.body.mode === 'json' ? create.body.text : '') as Record<
      string,
      unknown
    >;
    // Hydra's own examples where it has them (redirect_uris has a string one), else sampled.
    expect(body).toMatchObject({
      client_name: 'string',
      redirect_uris: 'http://mydomain/oauth/callback',
    });
  });

  it('maps a form-urlencoded body and the HTTP basic scheme to auth with variables', () => {
    const token = requestNamed(doc, 'The OAuth 2.0 Token Endpoint').request;
    expect(token.url).toBe('{{baseUrl}}/oauth2/token');
    expect(token.auth).toEqual({
      type: 'basic',
      username: '{{basicUsername}}',
      password: '{{basicPassword}}',
    });
    expect(token.body.mode === 'form' && token.body.fields.map((f) => f.key)).toEqual(
      expect.arrayContaining(['grant_type', 'code', 'client_id']),
    );
    expect(doc.variables.map((v) => v.key)).toEqual(
      expect.arrayContaining(['basicUsername', 'basicPassword']),
    );
  });

  it('marks required query parameters on and in the URL', () => {
    const login = requestNamed(doc, 'Get OAuth 2.0 Login Request').request;
    expect(login.url).toBe('{{baseUrl}}/admin/oauth2/auth/requests/login?login_challenge');
    expect(login.params).toEqual([
      expect.objectContaining({ key: 'login_challenge', value: '', enabled: true }),
    ]);
  });
});

describe('the OAI petstore-expanded example (YAML, fixtures/README.md)', async () => {
  const { doc, warnings } = await importOpenApi(fixture('oai-petstore-expanded.yaml'));

  it('reads YAML, takes the server as {{baseUrl}} and samples the $ref body', () => {
    expect(warnings).toEqual([]);
    expect(doc.variables).toEqual([
      { key: 'baseUrl', value: 'https://petstore.swagger.io/v2', enabled: true },
    ]);
    expect(doc.items.map((i) => i.name)).toEqual([
      'findPets',
      'addPet',
      'find pet by id',
      'deletePet',
    ]);
    const add = requestNamed(doc, 'addPet').request;
    expect(add).toMatchObject({
      method: 'POST',
      url: '{{baseUrl}}/pets',
      auth: { type: 'inherit' },
    });
    expect(add.body).toEqual({
      mode: 'json',
      text: '{\n  "name": "string",\n  "tag": "string"\n}',
    });
    const find = requestNamed(doc, 'findPets').request;
    expect(find.params.map((p) => [p.key, p.enabled])).toEqual([
      ['tags', false],
      ['limit', false],
    ]);
    expect(requestNamed(doc, 'deletePet').request.url).toBe('{{baseUrl}}/pets/{{id}}');
  });
});

const base = (extra: Record<string, unknown>) =>
  JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, ...extra });

describe('OpenAPI mapping', () => {
  it('maps security schemes, examples, server variables and a circular schema', async () => {
    const { doc, warnings } = await importOpenApi(
      base({
        servers: [
          { url: 'https://{region}.api.test/v1/', variables: { region: { default: 'eu' } } },
        ],
        security: [{ key: [] }],
        components: {
          securitySchemes: {
            key: { type: 'apiKey', name: 'api_key', in: 'query' },
            jwt: { type: 'http', scheme: 'bearer' },
            crumbs: { type: 'apiKey', name: 'sid', in: 'cookie' },
            machine: {
              type: 'oauth2',
              flows: {
                clientCredentials: { tokenUrl: 'https://auth.test/token', scopes: { read: 'r' } },
              },
            },
          },
          schemas: {
            Node: {
              type: 'object',
              properties: {
                id: { type: 'string', readOnly: true },
                name: { type: 'string', example: 'root' },
                children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              },
            },
          },
        },
        paths: {
          '/trees': {
            post: {
              operationId: 'plant',
              security: [{ jwt: [] }],
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
              },
              responses: { 201: { description: 'ok' } },
            },
            get: {
              summary: 'List',
              parameters: [
                {
                  name: 'X-Trace',
                  in: 'header',
                  required: true,
                  example: 'abc',
                  schema: { type: 'string' },
                },
                { name: 'session', in: 'cookie', schema: { type: 'string', default: 's1' } },
                { name: 'kind', in: 'query', schema: { type: 'string', enum: ['oak', 'elm'] } },
              ],
              security: [{ machine: ['read'] }],
              responses: { 200: { description: 'ok' } },
            },
            delete: { security: [{ crumbs: [] }], responses: { 204: { description: 'gone' } } },
          },
          '/open': { get: { security: [], responses: { 200: { description: 'ok' } } } },
          '/upload': {
            put: {
              requestBody: {
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      properties: {
                        file: { type: 'string', format: 'binary' },
                        note: { type: 'string' },
                      },
                    },
                  },
                },
              },
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      }),
    );
    expect(doc.variables.map((v) => [v.key, v.value])).toEqual([
      ['baseUrl', 'https://eu.api.test/v1'],
      ['keyKey', ''],
      ['machineClientId', ''],
      ['machineClientSecret', ''],
      ['jwtToken', ''],
    ]);
    expect(doc.auth).toEqual({ type: 'apikey', key: 'api_key', value: '{{keyKey}}', in: 'query' });
    const plant = requestNamed(doc, 'plant').request;
    expect(plant.auth).toEqual({ type: 'bearer', token: '{{jwtToken}}', prefix: 'Bearer' });
    const tree = JSON.parse(plant.body.mode === 'json' ? plant.body.text : '') as object;
    expect(tree).toMatchObject({ name: 'root', children: expect.any(Array) });
    // Read-only fields are the server's to fill in.
    expect(tree).not.toHaveProperty('id');
    const list = requestNamed(doc, 'List').request;
    expect(list.auth).toMatchObject({
      type: 'oauth2',
      grant: 'client_credentials',
      tokenUrl: 'https://auth.test/token',
      scope: 'read',
      clientId: '{{machineClientId}}',
    });
    expect(list.headers).toEqual([
      { key: 'X-Trace', value: 'abc', enabled: true },
      { key: 'Cookie', value: 'session=s1', enabled: false },
    ]);
    expect(list.params).toEqual([{ key: 'kind', value: 'oak', enabled: false }]);
    expect(requestNamed(doc, 'DELETE /trees').request.auth).toEqual({ type: 'none' });
    expect(requestNamed(doc, 'GET /open').request.auth).toEqual({ type: 'none' });
    const upload = requestNamed(doc, 'PUT /upload').request;
    expect(upload.body).toEqual({
      mode: 'multipart',
      parts: [
        {
          kind: 'file',
          key: 'file',
          fileName: 'file',
          contentType: 'application/octet-stream',
          dataBase64: '',
          enabled: true,
        },
        { kind: 'text', key: 'note', value: 'string', enabled: true },
      ],
    });
    expect(warnings).toEqual([
      'Security scheme crumbs sends an API key in a cookie, which is not supported; add a Cookie header',
      '"PUT /upload": choose the files of its multipart body before sending',
    ]);
  });

  it('never reads a file or an address a $ref points to', async () => {
    const { doc } = await importOpenApi(
      base({
        paths: {
          '/a': {
            post: {
              requestBody: {
                content: { 'application/json': { schema: { $ref: 'file:///etc/passwd' } } },
              },
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      }),
    );
    const a = requestNamed(doc, 'POST /a').request;
    expect(JSON.stringify(a)).not.toContain('root:');
  });

  it.each([
    ['{ "openapi": ', /^OpenAPI document: it is neither JSON nor YAML/],
    ['- a\n- b', /expected an object/],
    ['{"swagger":"2.0","info":{}}', /this is Swagger 2\.0; convert it to OpenAPI 3 first/],
    ['openapi: 2.5.0\ninfo: {}', /"openapi" must name version 3\.0 or 3\.1 \(found "2\.5\.0"\)/],
    [
      base({ info: { title: 'T' }, paths: {} }),
      /it is not a valid OpenAPI 3\.1\.0 document: .*version/,
    ],
  ])('refuses %s with a clear message', async (text, message) => {
    await expect(importOpenApi(text)).rejects.toThrow(message);
  });
});
