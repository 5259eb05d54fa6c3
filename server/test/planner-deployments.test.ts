import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { createProject, errorOf, newUser, setPlan, stateFor, type User } from './planner-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Resource {
  id: string;
  estimatedCost: number | null;
  prices: {
    label: string;
    sku: string;
    region: string;
    monthly: number;
    note: string | null;
    usageBased?: boolean;
  }[];
  unpricedReason: string | null;
  freeReason?: string | null;
}
interface CostSummary {
  monthlyTotal: number;
  multiplier: number;
  simulatedCost: number;
  pricedCount: number;
  unpricedCount: number;
}
interface Execution {
  id: string;
  configId: string;
  status: 'pending' | 'running' | 'completed';
  environment: string;
  startTime: string;
  endTime: string | null;
  logs: { timestamp: string; level: string; message: string }[];
  rollbackAvailable: boolean;
  cost: number | null;
  rollback: { status: string } | null;
  simulation: boolean;
  resources: Resource[];
  costSummary: CostSummary;
}
interface Config {
  config: {
    id: string;
    resources: Resource[];
    costSummary: CostSummary;
    issues: unknown[];
    deployments: Execution[];
  };
  gate: { allowed: boolean; plans: string[]; reason: string | null };
}

const start = (user: User, projectId: string, environment = 'dev') =>
  user.call('POST', `/api/projects/${projectId}/deployments`, { environment });

async function configOf(user: User, projectId: string, environment = 'dev') {
  const res = await user.call(
    'GET',
    `/api/projects/${projectId}/deployments?environment=${environment}`,
  );
  expect(res.statusCode).toBe(200);
  return json<{ data: Config }>(res).data;
}

async function execution(user: User, projectId: string, id: string) {
  const res = await user.call('GET', `/api/projects/${projectId}/deployments/${id}`);
  expect(res.statusCode).toBe(200);
  return json<{ data: { deployment: Execution } }>(res).data.deployment;
}

/** Moves a stored execution's clock back, as if `ms` had passed. */
async function age(id: string, ms: number, column: 'started_at' | 'rollback_requested_at') {
  const row = await server.db
    .selectFrom('project_deployments')
    .select([column])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const at = row[column] as Date;
  await server.db
    .updateTable('project_deployments')
    .set({ [column]: new Date(at.getTime() - ms) })
    .where('id', '=', id)
    .execute();
}

describe('deployment gating (§6)', () => {
  it.each(['free', 'pro'] as const)('%s may look but not deploy', async (plan) => {
    const user = await newUser(server, plan);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    const { gate } = await configOf(user, project.id);
    expect(gate).toMatchObject({ allowed: false, plans: ['ultra-pro', 'enterprise'] });
    expect(gate.reason).toMatch(/Ultra Pro and Enterprise.*Subscription page/);
    const res = await start(user, project.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'deploy/not_allowed', message: gate.reason });
    expect((await configOf(user, project.id)).config.deployments).toHaveLength(0);
  });

  it.each(['ultra-pro', 'enterprise'] as const)('%s may deploy', async (plan) => {
    const user = await newUser(server, plan);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    expect((await configOf(user, project.id)).gate).toEqual({
      allowed: true,
      plans: ['ultra-pro', 'enterprise'],
      reason: null,
    });
    expect((await start(user, project.id)).statusCode).toBe(200);
  });

  it('a downgraded user keeps the history but cannot roll back', async () => {
    const user = await newUser(server, 'ultra-pro');
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    const dep = json<{ data: { deployment: Execution } }>(await start(user, project.id)).data
      .deployment;
    await age(dep.id, 6000, 'started_at');
    await setPlan(server, user.userId, 'pro');
    const res = await user.call(
      'POST',
      `/api/projects/${project.id}/deployments/${dep.id}/rollback`,
    );
    expect(res.statusCode).toBe(403);
    expect((await execution(user, project.id, dep.id)).status).toBe('completed');
  });
});

describe('the simulated execution (§4)', () => {
  it('pending, running after 1 s, completed after 5 s with the cost, then a rollback', async () => {
    const user = await newUser(server, 'enterprise');
    const project = await createProject(user, 'Web', stateFor('aws-three-tier-web-app'));
    const res = await start(user, project.id, 'staging');
    expect(res.statusCode).toBe(200);
    const started = json<{ data: { deployment: Execution } }>(res).data.deployment;
    expect(started).toMatchObject({
      configId: project.id,
      environment: 'staging',
      status: 'pending',
      endTime: null,
      cost: null,
      rollbackAvailable: false,
      rollback: null,
      simulation: true,
    });
    expect(started.logs).toHaveLength(1);
    expect(started.logs[0]?.message).toMatch(/^Simulation: /);

    const early = await user.call(
      'POST',
      `/api/projects/${project.id}/deployments/${started.id}/rollback`,
    );
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('deploy/rollback_unavailable');

    await age(started.id, 1500, 'started_at');
    const running = await execution(user, project.id, started.id);
    expect(running.status).toBe('running');
    expect(running.logs.map((l) => l.message)).toContain('Deployment running');
    expect(running.cost).toBeNull();

    await age(started.id, 4000, 'started_at');
    const done = await execution(user, project.id, started.id);
    expect(done.status).toBe('completed');
    expect(Date.parse(done.endTime!) - Date.parse(done.startTime)).toBe(5000);
    expect(done.rollbackAvailable).toBe(true);
    const { costSummary, resources } = done;
    const sum = resources.reduce((s, r) => s + (r.estimatedCost ?? 0), 0);
    expect(costSummary.monthlyTotal).toBeCloseTo(sum, 2);
    expect(costSummary.multiplier).toBe(1);
    expect(done.cost).toBe(costSummary.simulatedCost);
    expect(done.cost).toBeCloseTo(sum * 1, 2);
    const last = done.logs.at(-1)!;
    expect(last).toMatchObject({ level: 'success' });
    expect(last.message).toMatch(/^Deployment completed\. Simulated cost \$/);
    expect(done.logs.filter((l) => l.message.startsWith('Created '))).toHaveLength(
      resources.length,
    );
    const times = done.logs.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const rolled = await user.call(
      'POST',
      `/api/projects/${project.id}/deployments/${started.id}/rollback`,
    );
    expect(rolled.statusCode).toBe(200);
    const rolling = json<{ data: { deployment: Execution } }>(rolled).data.deployment;
    expect(rolling.rollback).toMatchObject({ status: 'running' });
    expect(rolling.rollbackAvailable).toBe(false);
    expect(rolling.logs.at(-1)).toMatchObject({ level: 'warning', message: 'Rollback started' });
    const again = await user.call(
      'POST',
      `/api/projects/${project.id}/deployments/${started.id}/rollback`,
    );
    expect(again.statusCode).toBe(409);

    await age(started.id, 3000, 'rollback_requested_at');
    const after = await execution(user, project.id, started.id);
    expect(after.rollback).toMatchObject({ status: 'completed' });
    expect(after.logs.at(-1)).toMatchObject({
      level: 'success',
      message: 'Rollback completed successfully',
    });
    expect(after.status).toBe('completed');

    // Derived from stored timestamps: a fresh server process reads the same execution.
    const restarted = await startTestServer();
    try {
      const res2 = await restarted.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/deployments/${started.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      const seen = json<{ data: { deployment: Execution } }>(res2).data.deployment;
      expect(seen.logs).toEqual(after.logs);
      expect(seen.status).toBe('completed');
    } finally {
      await restarted.close();
    }
  });

  it('keeps the history per project, newest first', async () => {
    const user = await newUser(server, 'ultra-pro');
    const a = await createProject(user, 'A', stateFor('aws-serverless-api'));
    const b = await createProject(user, 'B', stateFor('aws-serverless-api'));
    const first = json<{ data: { deployment: Execution } }>(await start(user, a.id, 'dev')).data
      .deployment;
    const second = json<{ data: { deployment: Execution } }>(await start(user, a.id, 'prod')).data
      .deployment;
    await start(user, b.id);
    const { config } = await configOf(user, a.id);
    expect(config.id).toBe(a.id);
    expect(config.deployments.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(config.deployments.map((d) => d.environment)).toEqual(['prod', 'dev']);
  });

  it("answers 'Deployment not found' for unknown ids and another project's", async () => {
    const user = await newUser(server, 'enterprise');
    const a = await createProject(user, 'A', stateFor('aws-serverless-api'));
    const b = await createProject(user, 'B', stateFor('aws-serverless-api'));
    const dep = json<{ data: { deployment: Execution } }>(await start(user, a.id)).data.deployment;
    for (const url of [
      `/api/projects/${b.id}/deployments/${dep.id}`,
      `/api/projects/${a.id}/deployments/00000000-0000-4000-8000-000000000000`,
      `/api/projects/${a.id}/deployments/nope`,
    ]) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/rollback'],
      ] as const) {
        const res = await user.call(method, `${url}${suffix}`);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toMatchObject({
          code: 'deploy/not_found',
          message: 'Deployment not found',
        });
      }
    }
  });

  it('refuses a design that cannot be built', async () => {
    const user = await newUser(server, 'enterprise');
    const project = await createProject(user, 'Empty', { v: 2, selectedProvider: 'aws' });
    const { config } = await configOf(user, project.id);
    expect(config.issues).toEqual([
      { path: 'selectedServices', message: 'Pick at least one service' },
    ]);
    const res = await start(user, project.id);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'planner/invalid_design',
      message: 'Pick at least one service',
    });
  });
});

describe("the design's environments", () => {
  it('offers and deploys only the environments the design has', async () => {
    const user = await newUser(server, 'enterprise');
    const state = stateFor('aws-serverless-api');
    const board = state.architectureConfig;
    const project = await createProject(user, 'Api', {
      ...state,
      architectureConfig: { ...board, environments: [{ name: 'qa' }, { name: 'live' }] },
    });
    const first = await user.call('GET', `/api/projects/${project.id}/deployments`);
    const config = json<{ data: { config: { environment: string; environments: string[] } } }>(
      first,
    ).data.config;
    expect(config).toMatchObject({ environment: 'qa', environments: ['qa', 'live'] });

    const dev = await configOf(user, project.id, 'dev');
    expect(dev.config.issues).toEqual([
      {
        path: 'environment',
        message: 'The design has no environment “dev”; deploy to one of: qa, live',
      },
    ]);
    const refused = await start(user, project.id, 'dev');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('planner/invalid_design');

    const live = await start(user, project.id, 'live');
    expect(live.statusCode).toBe(200);
    expect(json<{ data: { deployment: Execution } }>(live).data.deployment.environment).toBe(
      'live',
    );
  });
});

describe('resource costs', () => {
  it('prices resources from the price book, per environment, and says what is unpriced', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-three-tier-web-app'));
    const dev = (await configOf(user, project.id, 'dev')).config;
    const byId = new Map(dev.resources.map((r) => [r.id, r]));

    // eu-west-1: the instance has a price there; gp3 volumes only in us-east-1 (the note says so);
    // a public instance sends the default 100 GB of egress (0.09 × 100 = 9.00).
    const bastion = byId.get('bastion')!;
    expect(bastion.prices.map((p) => [p.label, p.sku, p.region, p.monthly])).toEqual([
      ['Instance (t4g.micro)', 't4g.micro', 'eu-west-1', 6.72],
      ['Root volume (gp3, 20 GB)', 'EBS gp3', 'us-east-1', 1.6],
      ['Internet egress', 'Data transfer out to internet (first 10 TB)', 'eu-west-1', 9],
    ]);
    expect(bastion.prices[1]?.note).toMatch(/the book has none for eu-west-1/);
    expect(bastion.prices[2]?.usageBased).toBe(true);
    // 6.72 + 1.60 + 9.00
    expect(bastion.estimatedCost).toBe(17.32);
    expect(bastion.unpricedReason).toMatch(/public IPv4/i);

    // 2 × 730 h × 0.0228 (t3.small, eu-west-1) = 33.29; 2 × 20 GB × 0.08 = 3.20
    expect(byId.get('web')?.estimatedCost).toBe(36.49);
    // 730 × 0.035 (db.t4g.small single-AZ, eu-west-1) = 25.55; 20 GB × 0.115 = 2.30
    expect(byId.get('db')?.estimatedCost).toBe(27.85);
    // S3 at the default usage: 100 GB × 0.023 = 2.30; 100,000 writes = 100 × 0.005 = 0.50
    expect(byId.get('assets')).toMatchObject({ estimatedCost: 2.8 });
    expect(byId.get('assets')?.unpricedReason).toMatch(/Read requests/);
    expect(byId.get('cache')).toMatchObject({ estimatedCost: null, prices: [] });
    expect(byId.get('cache')?.unpricedReason).toMatch(/ElastiCache/);
    expect(byId.get('vpc')).toMatchObject({ estimatedCost: 0, prices: [], unpricedReason: null });
    expect(byId.get('vpc')?.freeReason).toMatch(/no charge/);

    const prod = (await configOf(user, project.id, 'prod')).config;
    // prod: 4 × 730 h × 0.11235 (m7i.large) = 328.06; 4 × 20 GB × 0.08 = 6.40
    expect(prod.resources.find((r) => r.id === 'web')?.estimatedCost).toBe(334.46);
    expect(prod.costSummary.monthlyTotal).toBeGreaterThan(dev.costSummary.monthlyTotal);
    expect(dev.costSummary.unpricedCount).toBe(
      dev.resources.filter((r) => r.estimatedCost === null).length,
    );
    expect(dev.costSummary.monthlyTotal).toBeCloseTo(
      dev.resources.reduce((s, r) => s + (r.estimatedCost ?? 0), 0),
      2,
    );
  });

  it.each([
    ['azure-web-platform', 0.95],
    ['gcp-web-platform', 0.85],
    ['oci-kubernetes-platform', 0.8],
  ])('%s: cost × the provider multiplier %d', async (name, multiplier) => {
    const user = await newUser(server, 'enterprise');
    const project = await createProject(user, name, stateFor(name));
    const dep = json<{ data: { deployment: Execution } }>(await start(user, project.id)).data
      .deployment;
    await age(dep.id, 5000, 'started_at');
    const done = await execution(user, project.id, dep.id);
    expect(done.costSummary.multiplier).toBe(multiplier);
    expect(done.cost).toBeCloseTo(done.costSummary.monthlyTotal * multiplier, 2);
    if (name.startsWith('oci')) {
      expect(done.costSummary.pricedCount).toBe(0);
      expect(done.cost).toBe(0);
      // Networks and subnets cost nothing anywhere; everything else says why it is unpriced.
      const unpriced = done.resources.filter((r) => r.estimatedCost === null);
      expect(unpriced.length).toBeGreaterThan(0);
      expect(
        unpriced.every(
          (r) =>
            r.unpricedReason ===
            'OCI has no dated list prices in the price book, so its services are not priced',
        ),
      ).toBe(true);
      expect(done.resources.every((r) => r.estimatedCost === null || r.estimatedCost === 0)).toBe(
        true,
      );
    } else {
      expect(done.costSummary.pricedCount).toBeGreaterThan(0);
    }
  });
});
