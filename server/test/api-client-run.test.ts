import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFUSED_HOST,
  runnerUser,
  startRunnerServer,
  type RunnerServer,
  type RunnerUser,
} from './api-client-runner-harness';
import { CLIENT, DIGEST_USER, Upstream } from './api-client-upstream';

let server: RunnerServer;
const upstream = new Upstream();
let pro: RunnerUser;
let ultra: RunnerUser;

beforeAll(async () => {
  await upstream.start();
  server = await startRunnerServer();
  pro = await runnerUser(server, 'pro');
  ultra = await runnerUser(server, 'ultra-pro');
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

interface RunData {
  response?: {
    status: number;
    headers: Record<string, string>;
    body: string;
    bodyEncoding: string;
  };
  error?: { code: string; message: string };
  attempts: { status?: number; error?: string; ms: number }[];
  sent?: { method: string; url: string; headers: Record<string, string> };
  tests: { name: string; passed: boolean; error?: string }[];
  logs: string[];
  scriptErrors: { preRequest?: string; test?: string };
  variables: { set: Record<string, string>; unset: string[] };
  missingVariables: string[];
}

async function run(user: RunnerUser, body: Record<string, unknown>) {
  const res = await user.post('/api/api-client/run', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; data: RunData }>().data;
}

/** What the echo endpoint saw, from its answer. */
const echoed = (data: RunData) =>
  JSON.parse(data.response!.body) as {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string;
  };

function environment(userId: string, vars: Record<string, string>, secrets: string[] = []) {
  const id = `env-${Math.random().toString(36).slice(2)}`;
  server.store.environments.set(id, {
    userId,
    vars: new Map(Object.entries(vars)),
    secrets: new Set(secrets),
  });
  return id;
}

describe('running a request', () => {
  it('substitutes variables from the environment and collection, builds params, headers and basic auth', async () => {
    const environmentId = environment(pro.userId, {
      base: upstream.base,
      user: 'ann',
      pw: 'pa ss',
    });
    const collectionId = 'col-vars';
    server.store.collections.set(collectionId, {
      userId: pro.userId,
      variables: new Map([
        ['version', 'v2'],
        ['base', 'http://collection.invalid'],
      ]),
      auth: { type: 'basic', username: '{{user}}', password: '{{pw}}' },
      items: new Map([['req-1', { name: 'List users', auth: { type: 'inherit' } }]]),
    });
    const data = await run(pro, {
      environmentId,
      collectionId,
      itemId: 'req-1',
      request: {
        method: 'GET',
        url: '{{base}}/echo/{{version}}/users',
        params: [
          { key: 'q', value: 'a b&c', enabled: true },
          { key: 'off', value: '1', enabled: false },
          { key: 'missing', value: '{{nope}}', enabled: true },
        ],
        headers: [{ key: 'X-Trace', value: '{{version}}', enabled: true }],
        auth: { type: 'inherit' },
      },
    });
    const seen = echoed(data);
    // An undefined variable is sent as written (braces encoded, as a query requires).
    expect(seen.url).toBe('/echo/v2/users?q=a%20b%26c&missing=%7B%7Bnope%7D%7D');
    expect(seen.headers['x-trace']).toBe('v2');
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('ann:pa ss').toString('base64')}`);
    expect(data.missingVariables).toEqual(['nope']);
    expect(data.sent?.headers.Authorization).toBe('Basic ••••••');
    expect(data.attempts).toEqual([{ status: 200, ms: expect.any(Number) }]);
    const history = server.store.history.filter((h) => h.userId === pro.userId).at(-1)!.entry;
    expect(history).toMatchObject({ method: 'GET', status: 200, collectionId, itemId: 'req-1' });
    expect(history.request.url).toBe('{{base}}/echo/{{version}}/users');
  });

  it('sends JSON, multipart files and API keys in the query', async () => {
    const json = await run(pro, {
      request: {
        method: 'POST',
        url: `${upstream.base}/echo/json`,
        body: { mode: 'json', text: '{"a":1}' },
        auth: { type: 'apikey', key: 'api_key', value: 'k&1', in: 'query' },
      },
    });
    expect(echoed(json)).toMatchObject({ url: '/echo/json?api_key=k%261' });
    expect(echoed(json).headers['content-type']).toBe('application/json');
    expect(Buffer.from(echoed(json).body, 'base64').toString()).toBe('{"a":1}');
    expect(json.sent?.url).toBe(`${upstream.base}/echo/json?api_key=••••••`);

    const multipart = await run(pro, {
      request: {
        method: 'POST',
        url: `${upstream.base}/echo/upload`,
        body: {
          mode: 'multipart',
          parts: [
            {
              kind: 'file',
              key: 'f',
              fileName: 'x.bin',
              dataBase64: Buffer.from([0, 1, 254, 255]).toString('base64'),
            },
          ],
        },
      },
    });
    const bytes = Buffer.from(echoed(multipart).body, 'base64');
    expect(echoed(multipart).headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(bytes.includes(Buffer.from([0, 1, 254, 255]))).toBe(true);
  });

  it('runs the pre-request and test scripts, and saves the environment changes', async () => {
    const environmentId = environment(ultra.userId, { base: upstream.base, stale: 'x' });
    const data = await run(ultra, {
      environmentId,
      request: {
        url: '{{base}}/echo/scripts',
        scripts: {
          preRequest: `
            pm.environment.set('requestId', 'r-42');
            pm.environment.unset('stale');
            pm.request.headers.add({ key: 'X-Request-Id', value: pm.environment.get('requestId') });
            console.log('pre', pm.environment.get('base') !== undefined);`,
          test: `
            pm.test('status 200', () => pm.response.to.have.status(200));
            pm.test('header reached the server', () =>
              pm.expect(pm.response.json().headers['x-request-id']).to.equal('r-42'));
            pm.test('fails', () => pm.expect(pm.response.code).to.equal(201));
            pm.environment.set('lastStatus', pm.response.code);`,
        },
      },
    });
    expect(data.tests).toEqual([
      { name: 'status 200', passed: true },
      { name: 'header reached the server', passed: true },
      { name: 'fails', passed: false, error: 'expected 200 to equal 201' },
    ]);
    expect(data.logs).toEqual(['pre true']);
    expect(data.variables).toEqual({
      set: { requestId: 'r-42', lastStatus: '200' },
      unset: ['stale'],
    });
    const saved = server.store.environments.get(environmentId)!.vars;
    expect(Object.fromEntries(saved)).toEqual({
      base: upstream.base,
      requestId: 'r-42',
      lastStatus: '200',
    });
  });

  it('a failing pre-request script stops the request, reporting why', async () => {
    const before = upstream.received.length;
    const data = await run(ultra, {
      request: {
        url: `${upstream.base}/echo/never`,
        scripts: { preRequest: `console.log('about to fail'); undefinedFunction();` },
      },
    });
    expect(upstream.received.length).toBe(before);
    expect(data.response).toBeUndefined();
    expect(data.scriptErrors.preRequest).toMatch(
      /ReferenceError: 'undefinedFunction' is not defined/,
    );
    expect(data.error?.code).toBe('request/invalid');
    expect(data.logs).toEqual(['about to fail']);
  });

  it("accepts request bodies past the app-wide 1 MiB limit (up to the API client's own)", async () => {
    const text = JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) });
    const data = await run(pro, {
      request: { method: 'PUT', url: `${upstream.base}/echo/big`, body: { mode: 'json', text } },
    });
    expect(Buffer.from(echoed(data).body, 'base64').length).toBe(text.length);
  });

  it('answers an unknown environment or collection with 404', async () => {
    const env = await pro.post('/api/api-client/run', {
      environmentId: 'someone-elses',
      request: { url: `${upstream.base}/echo` },
    });
    expect(env.statusCode).toBe(404);
    expect(env.json()).toMatchObject({ success: false, code: 'api/not_found' });
  });
});

describe('retries', () => {
  it('retries a 503, honouring Retry-After, until the server answers', async () => {
    const started = Date.now();
    const data = await run(pro, {
      request: {
        url: `${upstream.base}/flaky/a?fail=2&after=1`,
        settings: { retries: { count: 3, backoffMs: 10, statuses: [503] } },
      },
    });
    expect(data.response?.status).toBe(200);
    expect(data.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('retries connection failures and reports the last one in data.error', async () => {
    const data = await run(pro, {
      request: {
        url: 'http://127.0.0.1:9/closed',
        settings: { retries: { count: 2, backoffMs: 10, statuses: [503] } },
      },
    });
    expect(data.attempts.map((a) => a.error)).toEqual([
      'api/upstream_failed',
      'api/upstream_failed',
      'api/upstream_failed',
    ]);
    expect(data.error?.code).toBe('api/upstream_failed');
  });

  it('never retries an egress refusal', async () => {
    const data = await run(pro, {
      request: {
        url: `http://${REFUSED_HOST}/x`,
        settings: { retries: { count: 3, backoffMs: 10, statuses: [503] } },
      },
    });
    expect(data.attempts).toEqual([{ error: 'api/egress_refused', ms: expect.any(Number) }]);
    expect(data.error?.code).toBe('api/egress_refused');
  });
});

describe('advanced auth', () => {
  it('digest: answers the 401 challenge once', async () => {
    const ok = await run(pro, {
      request: { url: `${upstream.base}/digest`, auth: { type: 'digest', ...DIGEST_USER } },
    });
    expect(ok.response?.status).toBe(200);
    expect(ok.sent?.headers.Authorization).toBe('Digest ••••••');
    const wrong = await run(pro, {
      request: {
        url: `${upstream.base}/digest`,
        auth: { type: 'digest', username: 'Mufasa', password: 'no' },
      },
    });
    expect(wrong.response?.status).toBe(401);
  });

  it('AWS v4: the upstream receives a signed request', async () => {
    const data = await run(pro, {
      request: {
        url: `${upstream.base}/echo/aws`,
        auth: {
          type: 'awsv4',
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'secret',
          region: 'eu-west-1',
          service: 'execute-api',
        },
      },
    });
    const headers = echoed(data).headers;
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=host;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(data.sent?.headers.authorization).toBe('AWS4-HMAC-SHA256 ••••••');
  });

  it('OAuth 2.0 client credentials: fetched once, reused, refreshed when expired', async () => {
    upstream.tokenLifetimeS = 1;
    const auth = {
      type: 'oauth2',
      grant: 'client_credentials',
      tokenUrl: `${upstream.base}/token`,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      scope: 'read',
    };
    const before = upstream.tokenRequests.length;
    const first = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(first.response?.status).toBe(200);
    const second = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(second.response?.status).toBe(200);
    expect(upstream.tokenRequests.length - before).toBe(1);
    expect(upstream.tokenRequests.at(-1)?.get('grant_type')).toBe('client_credentials');
    await new Promise((r) => setTimeout(r, 1_100));
    const third = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(third.response?.status).toBe(200);
    expect(upstream.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
    upstream.tokenLifetimeS = 3600;
    const badSecret = await run(pro, {
      request: { url: `${upstream.base}/protected`, auth: { ...auth, clientSecret: 'wrong' } },
    });
    expect(badSecret.error).toEqual({
      code: 'api/oauth_failed',
      message: 'The token endpoint answered 401 (invalid_client).',
    });
  });

  it('OAuth 2.0 authorization code with PKCE: start, provider redirect, callback page, then runs', async () => {
    const auth = {
      type: 'oauth2',
      grant: 'authorization_code',
      authUrl: `${upstream.base}/authorize`,
      tokenUrl: `${upstream.base}/token`,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    };
    const before = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(before.error?.code).toBe('api/oauth_failed');

    const start = await pro.post('/api/api-client/oauth/start', { auth });
    expect(start.statusCode, start.body).toBe(200);
    const { authorizationUrl, state, redirectUri } = start.json<{
      data: { authorizationUrl: string; state: string; redirectUri: string };
    }>().data;
    const asked = new URL(authorizationUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('state')).toBe(state);
    expect(redirectUri).toBe(
      new URL('/api/api-client/oauth/callback', server.base.config.publicUrl).href,
    );

    // The browser follows the provider's redirect back to Stratum, without a bearer token.
    const provider = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    const callback = await server.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
    });
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toMatch(/^text\/html/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(
      String(callback.headers['content-security-policy']),
    )?.[1];
    expect(callback.body).toContain(`<script nonce="${nonce}">`);
    expect(callback.body).toContain(
      `postMessage(data, ${JSON.stringify(new URL(server.base.config.publicUrl).origin)})`,
    );
    expect(callback.body).toContain('"ok":true');

    const after = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(after.response?.status).toBe(200);
    const status = await pro.post('/api/api-client/oauth/token-status', { auth });
    expect(status.json()).toMatchObject({ data: { hasToken: true, canRefresh: true } });

    // The state is single use, and bound to the user who started: another user has no token.
    const replay = await server.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
    });
    expect(replay.body).toContain('"ok":false');
    const other = await run(ultra, { request: { url: `${upstream.base}/protected`, auth } });
    expect(other.error?.code).toBe('api/oauth_failed');
  });
});

describe('snippets', () => {
  it('generates each language from the same request, keeping secrets as {{name}}', async () => {
    const environmentId = environment(
      pro.userId,
      { base: 'https://api.example.com', token: 'T0P' },
      ['token'],
    );
    const request = {
      method: 'POST',
      url: '{{base}}/items',
      headers: [{ key: 'X-Token', value: '{{token}}', enabled: true }],
      body: { mode: 'json', text: '{"a":1}' },
    };
    for (const target of ['curl', 'fetch', 'axios', 'python-requests', 'go', 'csharp']) {
      const res = await pro.post('/api/api-client/snippet', { environmentId, request, target });
      expect(res.statusCode, res.body).toBe(200);
      const { code, placeholders } = res.json<{ data: { code: string; placeholders: string[] } }>()
        .data;
      expect(code).toContain('https://api.example.com/items');
      expect(code).toContain('{{token}}');
      expect(code).not.toContain('T0P');
      expect(placeholders).toEqual(['token']);
    }
    const curl = await pro.post('/api/api-client/snippet', {
      environmentId,
      request,
      target: 'curl',
    });
    expect(curl.json<{ data: { code: string } }>().data.code).toMatch(/^curl --request POST/);
  });
});

describe('cancelling', () => {
  it('closing the connection aborts the upstream request', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const before = upstream.slowClosed;
    const historyBefore = server.store.history.length;
    const pending = fetch(`http://127.0.0.1:${port}/api/api-client/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pro.token}` },
      body: JSON.stringify({ request: { url: `${upstream.base}/slow` } }),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 500));
    controller.abort();
    await pending;
    const deadline = Date.now() + 5_000;
    while (upstream.slowClosed === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(upstream.slowClosed).toBe(before + 1);
    expect(server.store.history.length).toBe(historyBefore);
  });
});
