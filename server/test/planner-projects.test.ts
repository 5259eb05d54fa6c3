import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import {
  createProject,
  errorOf,
  example,
  newUser,
  stateFor,
  type ProjectBody,
  type User,
} from './planner-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface ListBody {
  data: {
    projects: { id: string; name: string; provider: string | null; componentCount: number }[];
    usage: { count: number; limit: number; remaining: number | null };
  };
}

async function listOf(user: User) {
  const res = await user.call('GET', '/api/projects');
  expect(res.statusCode).toBe(200);
  return json<ListBody>(res).data;
}

describe('projects', () => {
  it('creates a project with an empty planner state and lists it with the plan limit', async () => {
    const user = await newUser(server);
    const res = await user.call('POST', '/api/projects', {
      name: ' <b>Shop</b> ',
      description: 'x',
    });
    expect(res.statusCode).toBe(200);
    const { project, usage } = json<{
      data: { project: ProjectBody & { description: string }; usage: unknown };
    }>(res).data;
    expect(project).toMatchObject({ name: 'bShop/b', description: 'x', revision: 0 });
    expect(project.state).toMatchObject({
      v: 2,
      currentStep: 0,
      selectedProvider: null,
      selectedServices: [],
      architectureConfig: { name: 'my-architecture', components: [] },
      architectureOptionalOverride: false,
      fileStructureConfig: { format: 'terraform' },
    });
    expect(usage).toEqual({ count: 1, limit: 2, remaining: 1 });
    const list = await listOf(user);
    expect(list.projects.map((p) => p.id)).toEqual([project.id]);
    expect(list.usage).toEqual({ count: 1, limit: 2, remaining: 1 });
  });

  it('starts from a given state and summarises it', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-three-tier-web-app'));
    expect(project.state.selectedProvider).toBe('aws');
    const [summary] = (await listOf(user)).projects;
    // The summary counts the board's components (the example's, networks and subnets apart).
    const { components } = example('aws-three-tier-web-app');
    expect(summary).toMatchObject({ provider: 'aws', componentCount: components.length });
  });

  it('refuses a state that breaks the schema', async () => {
    const user = await newUser(server);
    for (const state of [
      { v: 2, currentStep: 7 },
      { v: 2, selectedProvider: 'ibm' },
      { v: 3 },
      { selectedProvider: 'aws' },
      { v: 2, architectureConfig: { components: [{ id: 'Bad Id' }] } },
    ]) {
      const res = await user.call('POST', '/api/projects', { name: 'Bad', state });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('request/invalid');
    }
    expect((await listOf(user)).projects).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the project limit per plan (§9)', () => {
  it('Free: 2 projects; the third, and a duplicate, are refused until one is deleted', async () => {
    const user = await newUser(server);
    const first = await createProject(user, 'One');
    await createProject(user, 'Two');
    const third = await user.call('POST', '/api/projects', { name: 'Three' });
    expect(third.statusCode).toBe(403);
    expect(errorOf(third)).toMatchObject({
      code: 'planner/project_limit',
      message: expect.stringMatching(/Free plan allows 2 projects.*Subscription page/) as string,
    });
    const copy = await user.call('POST', `/api/projects/${first.id}/duplicate`, {});
    expect(copy.statusCode).toBe(403);
    expect((await listOf(user)).projects).toHaveLength(2);

    const removed = await user.call('DELETE', `/api/projects/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(json<{ data: { usage: unknown } }>(removed).data.usage).toEqual({
      count: 1,
      limit: 2,
      remaining: 1,
    });
    await createProject(user, 'Three');
  });

  it.each([
    ['pro', 25],
    ['ultra-pro', 100],
  ] as const)('%s: %i projects, not one more', async (plan, limit) => {
    const user = await newUser(server, plan);
    for (let i = 0; i < limit; i++) await createProject(user, `P${i}`);
    const over = await user.call('POST', '/api/projects', { name: 'over' });
    expect(over.statusCode).toBe(403);
    expect(errorOf(over).code).toBe('planner/project_limit');
    expect((await listOf(user)).usage).toEqual({ count: limit, limit, remaining: 0 });
  });

  it('enterprise: unlimited', async () => {
    const user = await newUser(server, 'enterprise');
    for (let i = 0; i < 27; i++) await createProject(user, `P${i}`);
    expect((await listOf(user)).usage).toEqual({ count: 27, limit: -1, remaining: null });
  });

  it('concurrent creations never pass the limit', async () => {
    const user = await newUser(server);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => user.call('POST', '/api/projects', { name: `C${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    expect((await listOf(user)).projects).toHaveLength(2);
  });
});

describe('autosave with optimistic concurrency', () => {
  it('saves over the revision read, and answers 409 with the current revision otherwise', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const url = `/api/projects/${project.id}/state`;
    const first = await user.call('PUT', url, {
      revision: 0,
      state: { v: 2, currentStep: 1, selectedProvider: 'gcp' },
    });
    expect(first.statusCode).toBe(200);
    expect(json<{ data: { project: { revision: number } } }>(first).data.project.revision).toBe(1);

    const stale = await user.call('PUT', url, {
      revision: 0,
      state: { v: 2, currentStep: 0, selectedProvider: 'aws' },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'planner/revision_conflict', currentRevision: 1 });

    const stored = json<{ data: { project: ProjectBody } }>(
      await user.call('GET', `/api/projects/${project.id}`),
    ).data.project;
    expect(stored.revision).toBe(1);
    expect(stored.state).toMatchObject({ currentStep: 1, selectedProvider: 'gcp' });
  });

  it('lets exactly one of two saves over the same revision win', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const url = `/api/projects/${project.id}/state`;
    const results = await Promise.all(
      (['aws', 'azure', 'gcp', 'oci'] as const).map((provider) =>
        user.call('PUT', url, { revision: 0, state: { v: 2, selectedProvider: provider } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const stored = json<{ data: { project: ProjectBody } }>(
      await user.call('GET', `/api/projects/${project.id}`),
    ).data.project;
    expect(stored.revision).toBe(1);
  });
});

describe('rename, duplicate, delete', () => {
  it('renames without touching the revision', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const res = await user.call('PATCH', `/api/projects/${project.id}`, {
      name: 'Renamed',
      description: 'now with words',
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { project: unknown } }>(res).data.project).toMatchObject({
      name: 'Renamed',
      description: 'now with words',
      revision: 0,
    });
    const empty = await user.call('PATCH', `/api/projects/${project.id}`, { name: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('duplicates the state into an independent project at revision 0', async () => {
    const user = await newUser(server, 'pro');
    const source = await createProject(user, 'Source', stateFor('gcp-web-platform'));
    await user.call('PUT', `/api/projects/${source.id}/state`, {
      revision: 0,
      state: stateFor('gcp-web-platform', { currentStep: 3 }),
    });
    const res = await user.call('POST', `/api/projects/${source.id}/duplicate`, {});
    expect(res.statusCode).toBe(200);
    const copy = json<{ data: { project: ProjectBody } }>(res).data.project;
    expect(copy).toMatchObject({ name: 'Copy of Source', revision: 0 });
    expect(copy.id).not.toBe(source.id);
    expect(copy.state).toMatchObject({ selectedProvider: 'gcp', currentStep: 3 });
    const named = await user.call('POST', `/api/projects/${source.id}/duplicate`, {
      name: 'Second',
    });
    expect(json<{ data: { project: ProjectBody } }>(named).data.project.name).toBe('Second');
  });

  it('deletes a project with its history', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    await user.call('POST', `/api/projects/${project.id}/snapshots`, { description: 'a' });
    expect((await user.call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await user.call('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await user.call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(404);
    const left = await server.db
      .selectFrom('project_snapshots')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(left).toHaveLength(0);
  });
});

describe("another user's ids", () => {
  it("answers 404 'Project not found' on every route and changes nothing", async () => {
    const owner = await newUser(server, 'enterprise');
    const other = await newUser(server, 'enterprise');
    const project = await createProject(owner, 'Mine', stateFor('aws-three-tier-web-app'));
    const snap = json<{ data: { snapshot: { id: string } } }>(
      await owner.call('POST', `/api/projects/${project.id}/snapshots`, { description: 'a' }),
    ).data.snapshot;
    const gen = json<{ data: { generation: { id: string } } }>(
      await owner.call('POST', `/api/projects/${project.id}/generations`, { format: 'terraform' }),
    ).data.generation;
    const dep = json<{ data: { deployment: { id: string } } }>(
      await owner.call('POST', `/api/projects/${project.id}/deployments`, { environment: 'dev' }),
    ).data.deployment;
    const p = `/api/projects/${project.id}`;
    const calls: [Parameters<User['call']>[0], string, unknown?][] = [
      ['GET', p],
      ['PUT', `${p}/state`, { revision: 0, state: { v: 2 } }],
      ['PATCH', p, { name: 'Stolen' }],
      ['POST', `${p}/duplicate`, {}],
      ['DELETE', p],
      ['GET', `${p}/generations`],
      ['POST', `${p}/generations`, { format: 'terraform' }],
      ['GET', `${p}/generations/${gen.id}`],
      ['GET', `${p}/snapshots`],
      ['POST', `${p}/snapshots`, { description: 'x' }],
      ['GET', `${p}/snapshots/${snap.id}`],
      ['POST', `${p}/snapshots/${snap.id}/restore`],
      ['DELETE', `${p}/snapshots/${snap.id}`],
      ['GET', `${p}/deployments`],
      ['POST', `${p}/deployments`, { environment: 'dev' }],
      ['GET', `${p}/deployments/${dep.id}`],
      ['POST', `${p}/deployments/${dep.id}/rollback`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res), `${method} ${url}`).toMatchObject({
        code: 'planner/not_found',
        message: 'Project not found',
      });
    }
    for (const [method, url, body] of calls) {
      const res = await owner.call(method, url.replace(project.id, 'not-a-uuid'), body);
      expect(res.statusCode, `${method} ${url} (malformed id)`).toBe(404);
    }
    const stored = json<{ data: { project: ProjectBody } }>(await owner.call('GET', p)).data
      .project;
    expect(stored).toMatchObject({ name: 'Mine', revision: 0 });
    expect((await listOf(other)).projects).toHaveLength(0);
  });
});
