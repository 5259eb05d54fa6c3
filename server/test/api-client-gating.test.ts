import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS, type TPlanId } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import { canUse, FEATURE_PLANS, type TGatedFeature } from '@stratum/core/plans-gating';
import {
  runnerUser,
  startRunnerServer,
  type RunnerServer,
  type RunnerUser,
} from './api-client-runner-harness';
import { CLIENT, DIGEST_USER, Upstream } from './api-client-upstream';

/**
 * Issue 12 §3: "plan gating for every gated feature as each plan". Each plan calls each gated
 * use; a plan without the feature is refused 403 api/feature_not_allowed (naming the feature and
 * the plans that have it) and nothing is sent; a plan with it gets its answer.
 */

let server: RunnerServer;
const upstream = new Upstream();
const users = {} as Record<TPlanId, RunnerUser>;

beforeAll(async () => {
  await upstream.start();
  server = await startRunnerServer();
  for (const plan of PLAN_IDS) users[plan] = await runnerUser(server, plan);
  for (const plan of PLAN_IDS) {
    // A collection whose auth is advanced: a request inheriting it uses the feature too.
    server.store.collections.set(`aws-${plan}`, {
      userId: users[plan].userId,
      variables: new Map(),
      auth: {
        type: 'awsv4',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
        sessionToken: '',
        region: 'eu-west-1',
        service: 'execute-api',
      },
      items: new Map(),
    });
  }
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
  call: (
    user: RunnerUser,
    plan: TPlanId,
  ) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
}

const run =
  (request: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  (user: RunnerUser) =>
    user.post('/api/api-client/run', {
      request: { url: `${upstream.base}/echo/gate`, ...request },
      ...extra,
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
    call: (u, plan) => run({ auth: { type: 'inherit' } }, { collectionId: `aws-${plan}` })(u),
  },
  {
    feature: 'api-advanced-auth',
    name: 'starting an OAuth 2.0 authorization',
    words: 'Advanced authentication',
    call: (u) =>
      u.post('/api/api-client/oauth/start', {
        auth: {
          type: 'oauth2',
          grant: 'authorization_code',
          authUrl: `${upstream.base}/authorize`,
          tokenUrl: `${upstream.base}/token`,
          clientId: CLIENT.id,
        },
      }),
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
      u.post('/api/api-client/snippet', { request: { url: `${upstream.base}/x` }, target: 'curl' }),
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
    const before = upstream.received.length;
    const res = await use.call(users[plan], plan);
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      return;
    }
    expect(res.statusCode, res.body).toBe(403);
    const body = res.json() as { success: boolean; code: string; message: string };
    expect(body).toMatchObject({ success: false, code: 'api/feature_not_allowed' });
    expect(body.message).toContain(use.words);
    for (const p of FEATURE_PLANS[use.feature]) expect(body.message).toContain(PLANS[p].name);
    expect(body.message).toContain(`you are on the ${PLANS[plan].name} plan`);
    expect(upstream.received.length).toBe(before);
  });
});

it('without a gated feature, every plan may run a request', async () => {
  for (const plan of PLAN_IDS) {
    const res = await run({ auth: { type: 'bearer', token: 't' } })(users[plan]);
    expect(res.statusCode, `${plan}: ${res.body}`).toBe(200);
  }
});
