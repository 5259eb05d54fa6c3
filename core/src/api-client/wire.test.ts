import { describe, expect, it } from 'vitest';
import { ZApiRequest, type TApiRequestInput } from './model';
import { fromBase64, utf8Text } from './bytes';
import { buildWireRequest } from './wire';
import { wireUrl } from './wire-url';

const req = (input: TApiRequestInput) => ZApiRequest.parse(input);
const row = (key: string, value: string, enabled = true) => ({ key, value, enabled });
const scopes = [
  new Map([
    ['host', 'api.example.com'],
    ['id', '42'],
    ['token', 't0k'],
    ['name', 'Ann & Bob'],
  ]),
];

function build(input: TApiRequestInput) {
  const r = buildWireRequest(req(input), scopes, { boundary: 'B' });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe('the wire URL', () => {
  it('substitutes variables and puts enabled params rows into the query, encoded', () => {
    const r = build({
      url: 'https://{{host}}/users/{{id}}?stale=1',
      params: [row('q', '{{name}}'), row('off', 'x', false), row('tag', 'a b'), row('flag', '')],
    });
    expect(r.wire.url).toBe('https://api.example.com/users/42?q=Ann%20%26%20Bob&tag=a%20b&flag');
    expect(r.missing).toEqual([]);
  });

  it('keeps a query typed already encoded, and encodes what is not', () => {
    expect(wireUrl('http://h/a b/%41?x=a%20b&y=ü&z=100%', [])).toEqual({
      ok: true,
      url: 'http://h/a%20b/%41?x=a%20b&y=%C3%BC&z=100%25',
    });
  });

  it('adds http:// when no scheme is typed and drops the fragment', () => {
    expect(wireUrl('localhost:3000/p#top', [])).toEqual({
      ok: true,
      url: 'http://localhost:3000/p',
    });
  });

  it('refuses what cannot be sent, naming missing variables', () => {
    const r = buildWireRequest(req({ url: '{{base}}/x' }), scopes);
    expect(r).toMatchObject({ ok: false, missing: ['base'] });
    expect(wireUrl('ftp://h/x', [])).toMatchObject({ ok: false });
    expect(wireUrl('https://user:pw@h/x', [])).toMatchObject({ ok: false });
    expect(wireUrl('  ', [])).toMatchObject({ ok: false });
  });

  it('reports undefined variables and leaves them as written', () => {
    const r = build({ url: 'https://h/{{nope}}', headers: [row('X-A', '{{nope2}}')] });
    expect(r.missing).toEqual(['nope', 'nope2']);
    expect(r.wire.headers['X-A']).toBe('{{nope2}}');
  });
});

describe('headers', () => {
  it('drops disabled and empty rows, joins repeated names, refuses line breaks', () => {
    const r = build({
      url: 'http://h',
      headers: [row('Accept', 'a'), row('accept', 'b'), row('X-Off', '1', false), row('', 'x')],
    });
    expect(r.wire.headers).toEqual({ Accept: 'a, b' });
    const bad = buildWireRequest(req({ url: 'http://h', headers: [row('X', 'a\r\nb')] }), []);
    expect(bad.ok).toBe(false);
  });
});

describe('bodies', () => {
  it('JSON gets its content type unless the user set one', () => {
    const r = build({
      method: 'POST',
      url: 'http://h',
      body: { mode: 'json', text: '{"id":{{id}}}' },
    });
    expect(r.wire).toMatchObject({
      body: '{"id":42}',
      bodyEncoding: 'utf8',
      headers: { 'Content-Type': 'application/json' },
    });
    const own = build({
      method: 'POST',
      url: 'http://h',
      headers: [row('content-type', 'application/vnd.api+json')],
      body: { mode: 'json', text: '{}' },
    });
    expect(own.wire.headers).toEqual({ 'content-type': 'application/vnd.api+json' });
  });

  it('raw text carries its own content type', () => {
    const r = build({
      method: 'PUT',
      url: 'http://h',
      body: { mode: 'raw', text: '<a>{{id}}</a>', contentType: 'application/xml' },
    });
    expect(r.wire).toMatchObject({
      body: '<a>42</a>',
      headers: { 'Content-Type': 'application/xml' },
    });
  });

  it('a form is urlencoded, disabled fields dropped', () => {
    const r = build({
      method: 'POST',
      url: 'http://h',
      body: { mode: 'form', fields: [row('who', '{{name}}'), row('x', 'y', false), row('e', 'é')] },
    });
    expect(r.wire.body).toBe('who=Ann+%26+Bob&e=%C3%A9');
    expect(r.wire.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('multipart carries files as bytes (base64 on the wire) with the boundary', () => {
    const r = build({
      method: 'POST',
      url: 'http://h',
      body: {
        mode: 'multipart',
        parts: [
          { kind: 'text', key: 'note', value: 'id {{id}}' },
          {
            kind: 'file',
            key: 'f"1',
            fileName: 'a.bin',
            contentType: 'application/x-bin',
            dataBase64: 'AP8=',
          },
          { kind: 'text', key: 'off', value: 'x', enabled: false },
        ],
      },
    });
    expect(r.wire.bodyEncoding).toBe('base64');
    expect(r.wire.headers['Content-Type']).toBe('multipart/form-data; boundary=B');
    const bytes = fromBase64(r.wire.body!);
    const text = utf8Text(bytes.slice(0, bytes.indexOf(0)));
    expect(text).toBe(
      '--B\r\nContent-Disposition: form-data; name="note"\r\n\r\nid 42\r\n' +
        '--B\r\nContent-Disposition: form-data; name="f%221"; filename="a.bin"\r\n' +
        'Content-Type: application/x-bin\r\n\r\n',
    );
    expect([...bytes.slice(text.length, text.length + 2)]).toEqual([0, 255]);
    expect(utf8Text(bytes.slice(text.length + 2))).toBe('\r\n--B--\r\n');
  });

  it('GraphQL is sent as JSON {query, variables, operationName}', () => {
    const r = build({
      method: 'POST',
      url: 'http://h/graphql',
      body: {
        mode: 'graphql',
        query: 'query Q($id: ID!) { user(id: $id) { name } }',
        variables: '{"id": "{{id}}"}',
        operationName: 'Q',
      },
    });
    expect(JSON.parse(r.wire.body!)).toEqual({
      query: 'query Q($id: ID!) { user(id: $id) { name } }',
      variables: { id: '42' },
      operationName: 'Q',
    });
    const bad = buildWireRequest(
      req({
        method: 'POST',
        url: 'http://h',
        body: { mode: 'graphql', query: '{a}', variables: '[1]' },
      }),
      [],
    );
    expect(bad).toMatchObject({
      ok: false,
      message: 'The GraphQL variables must be a JSON object.',
    });
  });

  it('no body means no body and no content type', () => {
    const r = build({ url: 'http://h' });
    expect(r.wire).toEqual({ method: 'GET', url: 'http://h/', headers: {} });
  });
});
