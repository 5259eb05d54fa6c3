import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '@stratum/core/contract/common';
import { HISTORY_MSG, type TCostHistory } from '@stratum/core/contract/costing/history';
import { PLAN_MSG } from '@stratum/core/costing/tfplan/messages';
import { canUse } from '@stratum/core/plans-gating';
import { json, startTestServer, type TestServer } from './harness';
import {
  createProject,
  errorOf,
  newUser,
  stateFor,
  type ProjectBody,
  type User,
} from './planner-helpers';
import { person } from './planner-sharing-helpers';

/**
 * Issue 13 §5 and §6 (advanced-analytics) over HTTP: `POST /api/costing/plan` prices `terraform show -json` output sent as
 * an object, as its text, or bare, and answers costing/invalid_plan (400) for what is not a plan.
 * The expected totals are the unit tests' hand arithmetic from the seed book.
 */

const PLAN_TEXT = readFileSync(
  new URL('../../core/src/costing/tfplan/fixtures/aws-modules-plan.json', import.meta.url),
  'utf8',
);
const PLAN = JSON.parse(PLAN_TEXT) as Record<string, unknown>;

let server: TestServer;
let user: User;

beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server);
});
afterAll(() => server.close());

interface Priced {
  data: {
    kind: string;
    monthlyBefore: number;
    monthlyAfter: number;
    monthlyDelta: number;
    resources: {
      address: string;
      monthlyAfter: number | null;
      lines: { label: string; monthly: number; source: string; asOf: string }[];
    }[];
    unpriced: { address: string; reason: string }[];
    assumptions: { target: string; key: string; value: number }[];
  };
}

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/costing/plan',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      ...headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/costing/plan', () => {
  it('prices a plan per address with the difference it makes', async () => {
    const res = await post({ plan: PLAN });
    expect(res.statusCode).toBe(200);
    const { data } = json<Priced>(res);
    // before 137.26, after 473.54 (see core/src/costing/tfplan/price-plan.test.ts for the lines)
    expect(data).toMatchObject({
      kind: 'plan',
      monthlyBefore: 137.26,
      monthlyAfter: 473.54,
      monthlyDelta: 336.28,
    });
    const web = data.resources.find(
      (r) => r.address === 'module.app["blue.v2"].aws_instance.web[0]',
    );
    expect(web?.lines[0]).toMatchObject({
      label: 'Instance (m5.large)',
      monthly: 78.11,
      asOf: '2024-08-09',
      source: expect.stringMatching(/^coroot: /),
    });
    expect(data.unpriced.map((u) => u.address)).toEqual([
      // Priced for storage and writes; its reads are not in the book.
      'aws_s3_bucket.logs["a.b"]',
      'aws_cloudfront_distribution.cdn',
      'aws_instance.gpu',
      'kubernetes_namespace.apps',
    ]);
  });

  it('takes the file’s text, or the plan bare, and the user’s usage', async () => {
    const asText = json<Priced>(await post({ plan: PLAN_TEXT }));
    expect(asText.data.monthlyAfter).toBe(473.54);
    const bare = await post(PLAN_TEXT);
    expect(bare.statusCode).toBe(200);
    expect(json<Priced>(bare).data.monthlyAfter).toBe(473.54);
    // 1000 GB × 0.023 = 23 instead of 100 GB: before = 137.26 − 2.3 + 23
    const usage = json<Priced>(
      await post({ plan: PLAN, usage: { 'aws_s3_bucket.logs["a.b"]': { storageGb: 1000 } } }),
    );
    expect(usage.data.monthlyBefore).toBe(157.96);
    expect(usage.data.assumptions).toContainEqual(
      expect.objectContaining({
        target: 'aws_s3_bucket.logs["a.b"]',
        key: 'storageGb',
        value: 1000,
      }),
    );
  });

  it('reads plans larger than the app’s 1 MiB body limit', async () => {
    const changes = Array.from({ length: 4000 }, (_, i) => ({
      address: `aws_sqs_queue.q[${i}]`,
      mode: 'managed',
      type: 'aws_sqs_queue',
      name: 'q',
      index: i,
      provider_name: 'registry.terraform.io/hashicorp/aws',
      change: {
        actions: ['create'],
        before: null,
        after: { name: `queue-${i}`, fifo_queue: false, policy: 'x'.repeat(300) },
      },
    }));
    const body = JSON.stringify({ plan: { format_version: '1.2', resource_changes: changes } });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    // 4000 queues × 1M requests (default) × 0.4 per 1M
    expect(json<Priced>(res).data.monthlyAfter).toBe(1600);
  });

  it.each([
    [
      'a body that is not JSON',
      '{"plan": {"format_version": "1.2",',
      /^The file is not valid JSON \(.+\)\./,
    ],
    ['an empty body', ' ', PLAN_MSG.empty],
    [
      'plan text that is not JSON',
      JSON.stringify({ plan: 'resource "aws_instance" "a" {}' }),
      PLAN_MSG.hcl,
    ],
    [
      'JSON that is not a plan',
      JSON.stringify({ name: 'package', version: '1.0.0' }),
      PLAN_MSG.notPlan,
    ],
    [
      'a format version it does not know',
      JSON.stringify({ plan: { format_version: '3.1' } }),
      PLAN_MSG.formatVersion('3.1'),
    ],
    ['a pre-0.12 state', JSON.stringify({ version: 3, modules: [] }), PLAN_MSG.legacyState(3)],
    [
      'a plan nested absurdly deep',
      `{"plan":${'['.repeat(200)}${']'.repeat(200)}}`,
      /nests deeper than 128 levels/,
    ],
  ])('answers %s with 400 costing/invalid_plan and what is wrong', async (_what, body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('costing/invalid_plan');
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });

  it('refuses a caller without a session', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/costing/plan',
      payload: { plan: PLAN },
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('auth/unauthorized');
  });
});

describe('GET /api/costing/history/:projectId (advanced-analytics)', () => {
  let owner: User;
  let project: ProjectBody;
  const generationIds: string[] = [];

  /** The example's bastion (t4g.micro in eu-west-1) becomes a t3.large between two generations. */
  beforeAll(async () => {
    owner = await newUser(server, 'enterprise');
    project = await createProject(owner, 'Shop', stateFor('aws-three-tier-web-app'));
    const generate = async () => {
      const res = await owner.call('POST', `/api/projects/${project.id}/generations`, {
        format: 'terraform',
      });
      expect(res.statusCode, res.body).toBe(200);
      generationIds.push(json<{ data: { generation: { id: string } } }>(res).data.generation.id);
    };
    await generate();
    const state = stateFor('aws-three-tier-web-app') as unknown as {
      architectureConfig: { components: { id: string; properties?: Record<string, unknown> }[] };
    };
    const bastion = state.architectureConfig.components.find((c) => c.id === 'bastion')!;
    bastion.properties = { ...bastion.properties, instanceType: 't3.large' };
    const saved = await owner.call('PUT', `/api/projects/${project.id}/state`, {
      revision: project.revision,
      state,
    });
    expect(saved.statusCode).toBe(200);
    await generate();
    // A month apart (31 days), so the forecast's trend is known.
    for (const [id, at] of [
      [generationIds[0]!, '2026-03-01T12:00:00Z'],
      [generationIds[1]!, '2026-04-01T12:00:00Z'],
    ] as const) {
      await sql`UPDATE project_generations SET created_at = ${at} WHERE id = ${id}`.execute(
        server.db,
      );
    }
  });

  const history = (user: User, id = project.id) => user.call('GET', `/api/costing/history/${id}`);

  it('prices the design of each generation with today’s book, newest last, and forecasts three months', async () => {
    const res = await history(owner);
    expect(res.statusCode).toBe(200);
    const { data } = json<{ data: TCostHistory }>(res);
    expect(
      data.generations.map((g) => [
        g.generationId,
        g.generatedAt,
        g.cloud,
        g.region,
        g.monthlyTotal,
        g.reason,
      ]),
    ).toEqual([
      // The estimator's total of the example in eu-west-1, bastion 730 × 0.0092 = 6.72 of it
      [generationIds[0], '2026-03-01T12:00:00.000Z', 'aws', 'eu-west-1', 167.88, null],
      // t3.large: 730 × 0.0912 = 66.58 instead of 6.72: +59.86
      [generationIds[1], '2026-04-01T12:00:00.000Z', 'aws', 'eu-west-1', 227.74, null],
    ]);
    expect(data.current).toMatchObject({ monthlyTotal: 227.74 });
    // +59.86 over 31 days = 59.86 × 30.4375 / 31 a month
    expect(data.forecast).toMatchObject({ basedOn: 2, slopePerMonth: 58.77 });
    expect(data.forecast?.points).toHaveLength(3);
    expect(data.forecast?.method).toMatch(/^Straight line \(least squares\)/);
  });

  it('says which generation’s design is no longer kept', async () => {
    await server.db
      .deleteFrom('project_snapshots')
      .where('generation_id', '=', generationIds[0]!)
      .execute();
    const { data } = json<{ data: TCostHistory }>(await history(owner));
    expect(data.generations[0]).toMatchObject({
      monthlyTotal: null,
      reason: HISTORY_MSG.snapshotDropped,
    });
    expect(data.forecast).toMatchObject({ basedOn: 1, slopePerMonth: 0 });
  });

  it.each(PLAN_IDS.filter((plan) => !canUse(plan, 'advanced-analytics')))(
    'refuses the %s plan with 403 costing/feature_not_allowed',
    async (plan) => {
      const user = await newUser(server, plan);
      const own = await createProject(user, 'Mine', stateFor('aws-three-tier-web-app'));
      const res = await history(user, own.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'costing/feature_not_allowed',
        message: HISTORY_MSG.featureNotAllowed(plan),
      });
    },
  );

  it('shows a project to its owner and members only', async () => {
    const member = await person(server);
    await owner.call('POST', `/api/projects/${project.id}/members`, {
      email: member.email,
      role: 'viewer',
    });
    const shared = await history(member);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(json<{ data: TCostHistory }>(shared).data.generations).toHaveLength(2);
    const other = await newUser(server, 'enterprise');
    const res = await history(other);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('planner/not_found');
    expect((await history(owner, 'not-a-uuid')).statusCode).toBe(404);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/costing/history/${project.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
