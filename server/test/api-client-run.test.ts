import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRunResult } from '@stratum/core/contract/api-client/run';
import { json, type TestServer } from './harness';
import { errorOf, newUser, type User } from './planner-helpers';
import {
  createCollection,
  createEnvironment,
  environmentOf,
  historyEntry,
  historyOf,
  run,
  startRunnerServer,
} from './api-client-runner-harness';
import { CLIENT, DIGEST_USER, Upstream } from './api-client-upstream';

/**
 * Issue 12 §3, the request runner, through POST /api/api-client/run of the real app: the real
 * proxy and egress policy, the stored collections, environments and history (checked through
 * their own routes, as the page reads them), loopback upstream servers.
 */

let server: TestServer;
/** Stratum's own address: the proxy refuses it even though loopback is open. */
let ownBase: string;
const upstream = new Upstream();
let pro: User;
let ultra: User;
let stranger: User;

beforeAll(async () => {
  await upstream.start();
  ({ server, ownBase } = await startRunnerServer());
  [pro, ultra, stranger] = await Promise.all([
    newUser(server, 'pro'),
    newUser(server, 'ultra-pro'),
    newUser(server, 'pro'),
  ]);
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

/** What the echo endpoint saw, from its answer. */
const echoed = (data: TRunResult) =>
  JSON.parse(data.response!.body) as {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string;
  };

const newestHistory = async (user: User) => (await historyOf(user))[0]!;

describe('running a request', () => {
  it('substitutes the stored environment and collection variables, builds params and headers, and inherits basic auth', async () => {
    const environmentId = await createEnvironment(pro, [
      { key: 'base', value: upstream.base },
      { key: 'user', value: 'ann' },
      { key: 'pw', value: 'pa ss', secret: true },
    ]);
    const collectionId = await createCollection(pro, {
      name: 'Users',
      variables: [
        { key: 'version', value: 'v2' },
        // The environment's wins over the collection's.
        { key: 'base', value: 'http://collection.invalid' },
      ],
      auth: { type: 'basic', username: '{{user}}', password: '{{pw}}' },
      items: [
        { id: 'req-1', kind: 'request', name: 'List users', request: { url: '{{base}}/users' } },
      ],
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
    expect(data.response?.timings.totalMs).toBeGreaterThan(0);

    // The history lists it as typed: variables unresolved, so the secret is nowhere in it.
    const summary = await newestHistory(pro);
    expect(summary).toMatchObject({
      method: 'GET',
      url: '{{base}}/echo/{{version}}/users',
      status: 200,
      error: null,
      collectionId,
      itemId: 'req-1',
    });
    expect(summary.sizeBytes).toBe(data.response?.size);
    const entry = await historyEntry(pro, summary.id);
    expect(entry.request).toMatchObject({
      url: '{{base}}/echo/{{version}}/users',
      auth: { type: 'inherit' },
    });
    expect(entry.request.params).toHaveLength(3);
    expect(JSON.stringify(entry)).not.toContain('pa ss');
  });

  it("inherits auth from the request's folder chain in the stored collection, else the collection's", async () => {
    const collectionId = await createCollection(ultra, {
      name: 'Chain',
      variables: [{ key: 'colToken', value: 'c-1' }],
      auth: { type: 'bearer', token: '{{colToken}}' },
      items: [
        { id: 'top', kind: 'request', name: 'Top', request: { url: 'https://x.test/top' } },
        {
          id: 'outer',
          kind: 'folder',
          name: 'Outer',
          auth: { type: 'apikey', key: 'X-Api-Key', value: 'outer-key' },
          items: [
            {
              id: 'inner',
              kind: 'folder',
              name: 'Inner',
              items: [
                {
                  id: 'deep',
                  kind: 'request',
                  name: 'Deep',
                  // What is stored for the item; the editor sends its own (below).
                  request: { url: 'https://x.test/deep', auth: { type: 'bearer', token: 'old' } },
                },
              ],
            },
            {
              id: 'public',
              kind: 'folder',
              name: 'Public',
              auth: { type: 'none' },
              items: [{ id: 'open', kind: 'request', name: 'Open', request: {} }],
            },
          ],
        },
      ],
    });
    const headersFor = async (itemId: string | undefined, auth: object = { type: 'inherit' }) => {
      const data = await run(ultra, {
        collectionId,
        ...(itemId && { itemId }),
        request: { url: `${upstream.base}/echo/chain`, auth },
      });
      const { authorization, 'x-api-key': apiKey } = echoed(data).headers;
      return { authorization, apiKey };
    };
    expect(await headersFor('top')).toEqual({ authorization: 'Bearer c-1', apiKey: undefined });
    // Two folders up: the nearest folder with its own auth, not the collection's.
    expect(await headersFor('deep')).toEqual({ authorization: undefined, apiKey: 'outer-key' });
    expect(await headersFor('open')).toEqual({ authorization: undefined, apiKey: undefined });
    expect(await headersFor(undefined)).toEqual({ authorization: 'Bearer c-1', apiKey: undefined });
    // The request's own auth wins over anything inherited.
    expect(await headersFor('deep', { type: 'bearer', token: 'mine' })).toEqual({
      authorization: 'Bearer mine',
      apiKey: undefined,
    });
    // An item deleted meanwhile (another tab): the request still runs, with the collection's.
    expect(await headersFor('gone')).toEqual({ authorization: 'Bearer c-1', apiKey: undefined });

    // The item's name reaches scripts.
    const named = await run(ultra, {
      collectionId,
      itemId: 'deep',
      request: {
        url: `${upstream.base}/echo/named`,
        scripts: { preRequest: 'console.log(pm.info.requestName);' },
      },
    });
    expect(named.logs).toEqual(['Deep']);
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

  it("accepts request bodies past the app-wide 1 MiB limit (up to the API client's own)", async () => {
    const text = JSON.stringify({ blob: 'x'.repeat(3 * 1024 * 1024) });
    const data = await run(pro, {
      request: { method: 'PUT', url: `${upstream.base}/echo/big`, body: { mode: 'json', text } },
    });
    expect(Buffer.from(echoed(data).body, 'base64').length).toBe(text.length);
  });

  it("answers an unknown environment or collection, or another user's, with 404, sending nothing", async () => {
    const theirEnvironment = await createEnvironment(stranger, [
      { key: 'token', value: 'theirs', secret: true },
    ]);
    const theirCollection = await createCollection(stranger, { name: 'Theirs' });
    const historyBefore = await historyOf(pro);
    const sentBefore = upstream.received.length;
    const request = { url: `${upstream.base}/echo/not-found` };
    const refused = [
      { environmentId: 'someone-elses', request },
      { environmentId: '00000000-0000-4000-8000-000000000000', request },
      { environmentId: theirEnvironment, request },
      { collectionId: theirCollection, request },
      { collectionId: theirCollection, itemId: 'x', request },
    ];
    for (const body of refused) {
      const res = await pro.call('POST', '/api/api-client/run', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(errorOf(res)).toMatchObject({ success: false, code: 'api/not_found' });
    }
    // Nor may a snippet or an OAuth call read another user's variables.
    const snippet = await pro.call('POST', '/api/api-client/snippet', {
      environmentId: theirEnvironment,
      request: { url: 'https://x.test/{{token}}' },
      target: 'curl',
    });
    expect(snippet.statusCode).toBe(404);
    expect(snippet.body).not.toContain('theirs');
    const status = await pro.call('POST', '/api/api-client/oauth/token-status', {
      collectionId: theirCollection,
      auth: {
        type: 'oauth2',
        grant: 'client_credentials',
        tokenUrl: 'https://x.test/token',
        clientId: 'c',
      },
    });
    expect(status.statusCode).toBe(404);
    expect(upstream.received.length).toBe(sentBefore);
    expect(await historyOf(pro)).toEqual(historyBefore);
  });
});

describe('scripts', () => {
  it('a pre-request variable reaches the URL; tests pass and fail one by one; the environment changes are saved, a secret staying secret', async () => {
    const environmentId = await createEnvironment(ultra, [
      { key: 'base', value: upstream.base },
      { key: 'stale', value: 'x' },
      { key: 'token', value: 'T0P', secret: true },
    ]);
    const before = await environmentOf(ultra, environmentId);
    const data = await run(ultra, {
      environmentId,
      request: {
        url: '{{base}}/echo/{{requestId}}',
        scripts: {
          preRequest: `
            pm.environment.set('requestId', 'r-42');
            pm.environment.unset('stale');
            pm.environment.set('token', 'rotated-' + pm.environment.get('token'));
            pm.request.headers.add({ key: 'X-Request-Id', value: pm.environment.get('requestId') });
            console.log('pre', pm.environment.get('base') !== undefined);`,
          test: `
            pm.test('status 200', () => pm.response.to.have.status(200));
            pm.test('header reached the server', () =>
              pm.expect(pm.response.json().headers['x-request-id']).to.equal('r-42'));
            pm.test('fails', () => pm.expect(pm.response.code).to.equal(201));
            pm.environment.set('lastStatus', pm.response.code);
            console.log('test', pm.response.code);`,
        },
      },
    });
    expect(echoed(data).url).toBe('/echo/r-42');
    expect(data.missingVariables).toEqual([]);
    expect(data.tests).toEqual([
      { name: 'status 200', passed: true },
      { name: 'header reached the server', passed: true },
      { name: 'fails', passed: false, error: 'expected 200 to equal 201' },
    ]);
    expect(data.logs).toEqual(['pre true', 'test 200']);
    expect(data.scriptErrors).toEqual({});
    expect(data.variables).toEqual({
      set: { requestId: 'r-42', token: 'rotated-T0P', lastStatus: '200' },
      unset: ['stale'],
    });

    // Saved once, as the environment page now shows it: the secret masked, its value changed.
    const after = await environmentOf(ultra, environmentId);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.variables).toEqual([
      { key: 'base', value: upstream.base, secret: false, enabled: true, hasValue: true },
      { key: 'token', value: '', secret: true, enabled: true, hasValue: true },
      { key: 'requestId', value: 'r-42', secret: false, enabled: true, hasValue: true },
      { key: 'lastStatus', value: '200', secret: false, enabled: true, hasValue: true },
    ]);
    // Audited once, by variable name: no value, secret or not, reaches the trail.
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'apiClient.environments.script')
      .where('target_id', '=', environmentId)
      .execute();
    expect(audit).toEqual([
      {
        after: {
          name: expect.any(String) as string,
          set: ['lastStatus', 'requestId', 'token'],
          unset: ['stale'],
        },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('rotated-T0P');
    const reveal = await ultra.call(
      'POST',
      `/api/api-client/environments/${environmentId}/reveal`,
      {
        key: 'token',
      },
    );
    expect(json<{ data: { value: string } }>(reveal).data.value).toBe('rotated-T0P');

    // The history keeps the request as typed: no variable value, secret or not.
    const entry = await historyEntry(ultra, (await newestHistory(ultra)).id);
    expect(entry.url).toBe('{{base}}/echo/{{requestId}}');
    expect(JSON.stringify(entry)).not.toContain('T0P');
  });

  it('changes the environment cannot store do not lose the run: the answer, tests and logs come back, the environment is left as it was', async () => {
    const environmentId = await createEnvironment(ultra, [{ key: 'a', value: '1' }]);
    const before = await environmentOf(ultra, environmentId);
    const data = await run(ultra, {
      environmentId,
      request: {
        url: `${upstream.base}/echo/unstorable`,
        scripts: {
          test: `pm.test('ok', () => {}); console.log('tested');
            pm.environment.set('a', 'bytes' + String.fromCharCode(0));`,
        },
      },
    });
    expect(data.response?.status).toBe(200);
    expect(data.tests).toEqual([{ name: 'ok', passed: true }]);
    expect(data.logs).toEqual(['tested']);
    expect(data.variables.saveError).toBe(
      'Not saved to the environment: The value of a is longer than 16384 characters or holds a NUL character',
    );
    expect(await environmentOf(ultra, environmentId)).toEqual(before);
    expect(await newestHistory(ultra)).toMatchObject({ url: `${upstream.base}/echo/unstorable` });
  });

  it('an environment deleted while its request was out: the run still answers, saying the changes were not saved', async () => {
    const environmentId = await createEnvironment(ultra, [{ key: 'a', value: '1' }]);
    const receivedBefore = upstream.received.length;
    const running = run(ultra, {
      environmentId,
      request: {
        url: `${upstream.base}/slow`,
        settings: { timeoutMs: 300 },
        scripts: { preRequest: "pm.environment.set('a', '2');" },
      },
    });
    const deadline = Date.now() + 5_000;
    while (upstream.received.length === receivedBefore && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const deleted = await ultra.call('DELETE', `/api/api-client/environments/${environmentId}`);
    expect(deleted.statusCode).toBe(200);
    const data = await running;
    expect(data.error?.code).toBe('api/upstream_timeout');
    expect(data.variables).toEqual({
      set: { a: '2' },
      unset: [],
      saveError: 'Not saved to the environment: Environment not found',
    });
  });

  it('a failing pre-request script stops the request, reporting why; nothing is sent or recorded', async () => {
    const sentBefore = upstream.received.length;
    const historyBefore = await historyOf(ultra);
    const data = await run(ultra, {
      request: {
        url: `${upstream.base}/echo/never`,
        scripts: { preRequest: `console.log('about to fail'); undefinedFunction();` },
      },
    });
    expect(upstream.received.length).toBe(sentBefore);
    expect(data.response).toBeUndefined();
    expect(data.scriptErrors.preRequest).toMatch(
      /ReferenceError: 'undefinedFunction' is not defined/,
    );
    expect(data.error?.code).toBe('request/invalid');
    expect(data.logs).toEqual(['about to fail']);
    expect(await historyOf(ultra)).toEqual(historyBefore);
  });

  it('an endless test script is stopped at the time limit; the response and earlier tests are kept', async () => {
    const started = Date.now();
    const data = await run(ultra, {
      request: {
        url: `${upstream.base}/echo/loop`,
        scripts: { test: `pm.test('before', () => {}); console.log('looping'); while (true) {}` },
      },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(data.response?.status).toBe(200);
    expect(data.scriptErrors.test).toBe('The script ran longer than 2000 ms and was stopped.');
    expect(data.tests).toEqual([{ name: 'before', passed: true }]);
    expect(data.logs).toEqual(['looping']);
  });
});

describe('retries', () => {
  const retries = { count: 3, backoffMs: 10, statuses: [503] };

  it('retries a 503 until the server answers; the history has the run once', async () => {
    const historyBefore = await historyOf(pro);
    const data = await run(pro, {
      request: { url: `${upstream.base}/flaky/twice?fail=2`, settings: { retries } },
    });
    expect(data.response?.status).toBe(200);
    expect(data.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(data.error).toBeUndefined();
    const history = await historyOf(pro);
    expect(history).toHaveLength(historyBefore.length + 1);
    expect(history[0]).toMatchObject({ status: 200, url: `${upstream.base}/flaky/twice?fail=2` });
  });

  it('waits as long as Retry-After asks when that is longer than the backoff', async () => {
    const started = Date.now();
    const data = await run(pro, {
      request: { url: `${upstream.base}/flaky/after?fail=1&after=1`, settings: { retries } },
    });
    expect(data.attempts.map((a) => a.status)).toEqual([503, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('retries connection failures and timeouts, reporting the last one in data.error', async () => {
    const refused = await run(pro, {
      request: {
        url: 'http://127.0.0.1:9/closed',
        settings: { retries: { ...retries, count: 2 } },
      },
    });
    expect(refused.attempts.map((a) => a.error)).toEqual([
      'api/upstream_failed',
      'api/upstream_failed',
      'api/upstream_failed',
    ]);
    expect(refused.error?.code).toBe('api/upstream_failed');
    expect(refused.response).toBeUndefined();
    expect(await newestHistory(pro)).toMatchObject({ status: null, error: 'api/upstream_failed' });

    const slow = await run(pro, {
      request: {
        url: `${upstream.base}/slow`,
        settings: { timeoutMs: 200, retries: { ...retries, count: 1 } },
      },
    });
    expect(slow.attempts.map((a) => a.error)).toEqual([
      'api/upstream_timeout',
      'api/upstream_timeout',
    ]);
    expect(slow.error?.code).toBe('api/upstream_timeout');
  });

  it("never retries an egress refusal: a private or metadata address, or Stratum's own port", async () => {
    const sentBefore = upstream.received.length;
    for (const url of [
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      `${ownBase}/api/auth/me`,
    ]) {
      const data = await run(pro, { request: { url, settings: { retries } } });
      expect(data.attempts, url).toEqual([{ error: 'api/egress_refused', ms: expect.any(Number) }]);
      expect(data.error?.code).toBe('api/egress_refused');
      expect(data.response).toBeUndefined();
      expect(await newestHistory(pro)).toMatchObject({
        url,
        status: null,
        error: 'api/egress_refused',
      });
    }
    expect(upstream.received.length).toBe(sentBefore);
  });

  it('never retries a redirect loop or an answer too large, reporting them in data.error', async () => {
    const loop = await run(pro, {
      request: { url: `${upstream.base}/loop`, settings: { retries } },
    });
    expect(loop.attempts).toEqual([{ error: 'api/too_many_redirects', ms: expect.any(Number) }]);
    expect(loop.error?.code).toBe('api/too_many_redirects');
    const unfollowed = await run(pro, {
      request: { url: `${upstream.base}/loop`, settings: { followRedirects: false } },
    });
    expect(unfollowed.response).toMatchObject({ status: 302, headers: { location: '/loop' } });

    const huge = await run(pro, {
      request: { url: `${upstream.base}/huge`, settings: { retries } },
    });
    expect(huge.attempts).toEqual([{ error: 'api/response_too_large', ms: expect.any(Number) }]);
    expect(huge.error?.code).toBe('api/response_too_large');
  });
});

describe("the proxy's per-user limits", () => {
  it('apply to runs too: past 4 sends waiting for an answer, a run is refused without sending, as is the proxy', async () => {
    const user = await newUser(server, 'pro');
    const receivedBefore = upstream.received.length;
    const waiting = Array.from({ length: 4 }, () =>
      run(user, { request: { url: `${upstream.base}/slow`, settings: { timeoutMs: 400 } } }),
    );
    const deadline = Date.now() + 5_000;
    while (upstream.received.length < receivedBefore + 4 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const fifth = await run(user, { request: { url: `${upstream.base}/echo/fifth` } });
    expect(fifth.attempts).toEqual([{ error: 'request/rate_limited', ms: expect.any(Number) }]);
    expect(fifth.error?.code).toBe('request/rate_limited');
    const proxied = await user.call('POST', '/api/http/send', {
      method: 'GET',
      url: `${upstream.base}/echo/proxied`,
      headers: {},
    });
    expect(proxied.statusCode).toBe(429);
    expect(upstream.received.length).toBe(receivedBefore + 4);

    for (const data of await Promise.all(waiting)) {
      expect(data.error?.code).toBe('api/upstream_timeout');
    }
    // The slots are given back when the sends end.
    const after = await run(user, { request: { url: `${upstream.base}/echo/after` } });
    expect(after.response?.status).toBe(200);
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
    // A one-second token is used until 100 ms before it expires.
    await new Promise((r) => setTimeout(r, 1_000));
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
    // The token endpoint goes through the same egress policy.
    const metadata = await run(pro, {
      request: {
        url: `${upstream.base}/protected`,
        auth: { ...auth, tokenUrl: 'http://169.254.169.254/token' },
      },
    });
    expect(metadata.error?.code).toBe('api/egress_refused');
    expect(await newestHistory(pro)).toMatchObject({ status: null, error: 'api/egress_refused' });
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

    const start = await pro.call('POST', '/api/api-client/oauth/start', { auth });
    expect(start.statusCode, start.body).toBe(200);
    const { authorizationUrl, state, redirectUri } = json<{
      data: { authorizationUrl: string; state: string; redirectUri: string };
    }>(start).data;
    const asked = new URL(authorizationUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('state')).toBe(state);
    expect(redirectUri).toBe(
      new URL('/api/api-client/oauth/callback', server.config.publicUrl).href,
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
      `postMessage(data, ${JSON.stringify(new URL(server.config.publicUrl).origin)})`,
    );
    expect(callback.body).toContain('"ok":true');

    const after = await run(pro, { request: { url: `${upstream.base}/protected`, auth } });
    expect(after.response?.status).toBe(200);
    const status = await pro.call('POST', '/api/api-client/oauth/token-status', { auth });
    expect(json(status)).toMatchObject({ data: { hasToken: true, canRefresh: true } });

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
    const environmentId = await createEnvironment(pro, [
      { key: 'base', value: 'https://api.example.com' },
      { key: 'token', value: 'T0P', secret: true },
    ]);
    const request = {
      method: 'POST',
      url: '{{base}}/items',
      headers: [{ key: 'X-Token', value: '{{token}}', enabled: true }],
      body: { mode: 'json', text: '{"a":1}' },
    };
    for (const target of ['curl', 'fetch', 'axios', 'python-requests', 'go', 'csharp']) {
      const res = await pro.call('POST', '/api/api-client/snippet', {
        environmentId,
        request,
        target,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { code, placeholders } = json<{ data: { code: string; placeholders: string[] } }>(
        res,
      ).data;
      expect(code).toContain('https://api.example.com/items');
      expect(code).toContain('{{token}}');
      expect(code).not.toContain('T0P');
      expect(placeholders).toEqual(['token']);
    }
    const curl = await pro.call('POST', '/api/api-client/snippet', {
      environmentId,
      request,
      target: 'curl',
    });
    expect(json<{ data: { code: string } }>(curl).data.code).toMatch(/^curl --request POST/);
  });
});

describe('cancelling', () => {
  it('closing the connection aborts the upstream request; nothing is recorded', async () => {
    const historyBefore = await historyOf(pro);
    const controller = new AbortController();
    const closedBefore = upstream.slowClosed;
    const receivedBefore = upstream.received.length;
    const pending = fetch(`${ownBase}/api/api-client/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pro.token}` },
      body: JSON.stringify({ request: { url: `${upstream.base}/slow` } }),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    const deadline = Date.now() + 5_000;
    const hasArrived = () => upstream.received.slice(receivedBefore).some((r) => r.url === '/slow');
    while (!hasArrived() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const arrivedAt = upstream.received.length;
    controller.abort();
    await pending;
    while (upstream.slowClosed === closedBefore && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(upstream.slowClosed).toBe(closedBefore + 1);
    expect(upstream.received.length).toBe(arrivedAt);

    // The next run is recorded; the cancelled one never is.
    await run(pro, { request: { url: `${upstream.base}/echo/after-cancel` } });
    const history = await historyOf(pro);
    expect(history).toHaveLength(historyBefore.length + 1);
    expect(history[0]?.url).toBe(`${upstream.base}/echo/after-cancel`);
  });
});
