import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PLAN_IDS, type TPlanId } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import { canUse, FEATURE_PLANS, type TGatedFeature } from '@stratum/core/plans-gating';
import type { TestServer } from './harness';
import { errorOf, newUser, type User } from './planner-helpers';
import { createCollection, historyOf, startRunnerServer } from './api-client-runner-harness';
import { CLIENT, DIGEST_USER, Upstream } from './api-client-upstream';

/**
 * Issue 12 §3: "plan gating for every gated feature as each plan", on the real app with the
 * plans set as staff set them. Each plan calls each gated use; a plan without the feature is
 * refused 403 api/feature_not_allowed (naming the feature and the plans that have it) and
 * nothing is sent or recorded; a plan with it gets its answer.
 */

let server: TestServer;
const upstream = new Upstream();
const users = {} as Record<TPlanId, User>;
/** Per plan, a stored collection whose auth is advanced: a request inheriting it uses the feature. */
const awsCollections = {} as Record<TPlanId, string>;

beforeAll(async () => {
  await upstream.start();
  ({ server } = await startRunnerServer());
  await Promise.all(
    PLAN_IDS.map(async (plan) => {
      users[plan] = await newUser(server, plan);
      awsCollections[plan] = await createCollection(users[plan], {
        name: 'Signed',
        auth: {
          type: 'awsv4',
          accessKeyId: 'AKID',
          secretAccessKey: 'secret',
          region: 'eu-west-1',
          service: 'execute-api',
        },
        items: [{ id: 'signed', kind: 'request', name: 'Signed', request: {} }],
      });
    }),
  );
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

interface Use {
  feature: TGatedFeature;
  name: string;
  /** Feature words the refusal must name. */
  words: string;
  call: (user: User, plan: TPlanId) => Promise<LightMyRequestResponse>;
}

const run =
  (request: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  (user: User) =>
    user.call('POST', '/api/api-client/run', {
      request: { url: `${upstream.base}/echo/gate`, ...request },
      ...extra,
    });

const authorizationCode = () => ({
  type: 'oauth2',
  grant: 'authorization_code',
  authUrl: `${upstream.base}/authorize`,
  tokenUrl: `${upstream.base}/token`,
  clientId: CLIENT.id,
});

const USES: Use[] = [
  {
    feature: 'api-advanced-auth',
    name: 'digest auth on the request',
    words: 'Advanced authentication',
    call: (u) =>
      run({ url: `${upstream.base}/digest`, auth: { type: 'digest', ...DIGEST_USER } })(u),
  },
  {
    feature: 'api-advanced-auth',
    name: 'AWS v4 inherited from the collection',
    words: 'Advanced authentication',
    call: (u, plan) =>
      run(
        { auth: { type: 'inherit' } },
        { collectionId: awsCollections[plan], itemId: 'signed' },
      )(u),
  },
  {
    feature: 'api-advanced-auth',
    name: 'starting an OAuth 2.0 authorization',
    words: 'Advanced authentication',
    call: (u) => u.call('POST', '/api/api-client/oauth/start', { auth: authorizationCode() }),
  },
  {
    feature: 'api-advanced-auth',
    name: 'asking whether an OAuth 2.0 token is held',
    words: 'Advanced authentication',
    call: (u) =>
      u.call('POST', '/api/api-client/oauth/token-status', { auth: authorizationCode() }),
  },
  {
    feature: 'api-retries',
    name: 'retries',
    words: 'Retries',
    call: run({ settings: { retries: { count: 1, backoffMs: 0, statuses: [503] } } }),
  },
  {
    feature: 'api-code-snippets',
    name: 'a code snippet',
    words: 'Code snippets',
    call: (u) =>
      u.call('POST', '/api/api-client/snippet', {
        request: { url: `${upstream.base}/x` },
        target: 'curl',
      }),
  },
  {
    feature: 'api-pre-request',
    name: 'a pre-request script',
    words: 'Pre-request scripts',
    call: run({ scripts: { preRequest: "pm.variables.set('a', '1');" } }),
  },
  {
    feature: 'api-test-scripts',
    name: 'a test script',
    words: 'Test scripts',
    call: run({ scripts: { test: "pm.test('ok', () => pm.response.to.have.status(200));" } }),
  },
];

const cases = PLAN_IDS.flatMap((plan) => USES.map((use) => [plan, use.name, use] as const));

describe.each(cases)('as %s, %s', (plan, _name, use) => {
  const allowed = canUse(plan, use.feature);
  it(allowed ? 'is allowed' : 'is refused with 403 api/feature_not_allowed', async () => {
    const user = users[plan];
    const sentBefore = upstream.received.length;
    const historyBefore = await historyOf(user);
    const res = await use.call(user, plan);
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expect(res.statusCode, res.body).toBe(403);
    const body = errorOf(res);
    expect(body).toMatchObject({ success: false, code: 'api/feature_not_allowed' });
    expect(body.message).toContain(use.words);
    for (const p of FEATURE_PLANS[use.feature]) expect(body.message).toContain(PLANS[p].name);
    expect(body.message).toContain(`you are on the ${PLANS[plan].name} plan`);
    expect(upstream.received.length).toBe(sentBefore);
    expect(await historyOf(user)).toEqual(historyBefore);
  });
});

it('without a gated feature, every plan may run a request', async () => {
  for (const plan of PLAN_IDS) {
    const sentBefore = upstream.received.length;
    const res = await run({ auth: { type: 'bearer', token: 't' } })(users[plan]);
    expect(res.statusCode, `${plan}: ${res.body}`).toBe(200);
    expect(upstream.received.length).toBe(sentBefore + 1);
    expect((await historyOf(users[plan]))[0]).toMatchObject({ status: 200 });
  }
});
