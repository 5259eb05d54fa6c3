import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import {
  createProject,
  errorOf,
  newUser,
  stateFor,
  v1StateFor,
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

interface Generated {
  generation: {
    id: string;
    format: string;
    layout: string;
    revision: number;
    fileCount: number;
    files: { path: string; content: string }[];
    report: {
      valid: boolean;
      completions: unknown[];
      warnings: unknown[];
      naming: unknown[];
      policy: unknown[];
    };
  };
  quota: { used: number; limit: number; remaining: number | null };
  snapshotId: string;
}

const generate = (user: User, projectId: string, body: Record<string, unknown>) =>
  user.call('POST', `/api/projects/${projectId}/generations`, body);

async function storedGenerations(projectId: string) {
  return server.db
    .selectFrom('project_generations')
    .select('id')
    .where('project_id', '=', projectId)
    .execute();
}

describe('generation', () => {
  it('runs the engine on the stored design, stores files and report, takes a snapshot', async () => {
    const user = await newUser(server);
    const project = await createProject(
      user,
      'Web',
      stateFor('aws-three-tier-web-app', { fileStructureConfig: { terraform: 'modules' } }),
    );
    // Only the format: the layout is the saved state's; anything else in the body is ignored.
    const res = await generate(user, project.id, { format: 'terraform', layout: 'single' });
    expect(res.statusCode).toBe(200);
    // The files are spliced into the answer as JSON text (lib/route.ts, answerWithJson).
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = json<{ data: Generated }>(res).data;
    expect(body.quota).toEqual({ used: 1, limit: 5, remaining: 4 });
    expect(body.generation).toMatchObject({
      format: 'terraform',
      layout: 'modules',
      revision: 0,
      report: { valid: true },
    });
    const paths = body.generation.files.map((f) => f.path);
    expect(paths).toContain('main.tf');
    expect(paths.some((p) => p.startsWith('modules/'))).toBe(true);
    expect(body.generation.fileCount).toBe(paths.length);
    // The example is secure by default: the policy rules ran and found nothing.
    expect(body.generation.report.policy).toEqual([]);
    expect(body.generation.files.find((f) => f.path === 'main.tf')?.content).toMatch(/module "/);

    const list = json<{ data: { generations: { id: string; fileCount: number }[] } }>(
      await user.call('GET', `/api/projects/${project.id}/generations`),
    ).data.generations;
    expect(list).toEqual([expect.objectContaining({ id: body.generation.id })]);
    expect(list[0]).not.toHaveProperty('files');

    const one = await user.call(
      'GET',
      `/api/projects/${project.id}/generations/${body.generation.id}`,
    );
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json<{ data: Generated }>(one).data.generation).toEqual(body.generation);

    const snapshots = json<{
      data: { snapshots: { id: string; type: string; generationId: string; tags: string[] }[] };
    }>(await user.call('GET', `/api/projects/${project.id}/snapshots`)).data.snapshots;
    expect(snapshots).toEqual([
      expect.objectContaining({
        id: body.snapshotId,
        type: 'auto',
        generationId: body.generation.id,
        tags: ['terraform', 'modules'],
      }),
    ]);

    const project2 = json<{ data: { project: { lastGeneratedAt: string | null } } }>(
      await user.call('GET', `/api/projects/${project.id}`),
    ).data.project;
    expect(project2.lastGeneratedAt).not.toBeNull();
  });

  it('uses the file-structure settings by default and is deterministic', async () => {
    const user = await newUser(server);
    const state = stateFor('aws-serverless-api', {
      fileStructureConfig: { terraform: 'single', bicep: 'modules', ci: true, readme: false },
    });
    const project = await createProject(user, 'Api', state);
    const a = json<{ data: Generated }>(await generate(user, project.id, { format: 'terraform' }))
      .data.generation;
    const b = json<{ data: Generated }>(await generate(user, project.id, { format: 'terraform' }))
      .data.generation;
    expect(a.layout).toBe('single');
    expect(a.files.some((f) => f.path.startsWith('.github/'))).toBe(true);
    expect(a.files.some((f) => f.path === 'README.md')).toBe(false);
    expect(b.files).toEqual(a.files);
  });

  it('offers only the formats the provider supports', async () => {
    const user = await newUser(server, 'pro');
    const aws = await createProject(user, 'Aws', stateFor('aws-serverless-api'));
    const bicepOnAws = await generate(user, aws.id, { format: 'bicep' });
    expect(bicepOnAws.statusCode).toBe(400);
    expect(errorOf(bicepOnAws)).toMatchObject({
      code: 'planner/format_unavailable',
      message: 'bicep is available for azure only',
    });

    const azure = await createProject(user, 'Azure', stateFor('azure-web-platform'));
    for (const format of ['terraform', 'bicep', 'arm']) {
      const res = await generate(user, azure.id, { format });
      expect(res.statusCode, format).toBe(200);
    }
    const files = json<{ data: Generated }>(await generate(user, azure.id, { format: 'arm' })).data
      .generation.files;
    expect(files.some((f) => f.path.endsWith('azuredeploy.json'))).toBe(true);
  });

  it('refuses an incomplete planner state with the §5 texts and counts nothing', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const url = `/api/projects/${project.id}/state`;
    const cases: [Record<string, unknown>, string][] = [
      [{ v: 2 }, 'Select a cloud provider first'],
      [{ v: 2, selectedProvider: 'aws' }, 'Pick at least one service'],
      [
        { v: 2, selectedProvider: 'aws', selectedServices: ['aws.ec2'] },
        'Add components or enable override',
      ],
    ];
    let revision = 0;
    for (const [state, message] of cases) {
      await user.call('PUT', url, { revision, state });
      revision += 1;
      const res = await generate(user, project.id, { format: 'terraform' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'planner/invalid_design', message });
    }
    const broken = stateFor('aws-serverless-api');
    const components = broken.architectureConfig.components as { service: string; name: string }[];
    components[0]!.service = 'aws.nothing';
    await user.call('PUT', url, { revision, state: broken });
    revision += 1;
    const res = await generate(user, project.id, { format: 'terraform' });
    expect(res.statusCode).toBe(400);
    const body = json<{
      code: string;
      message: string;
      issues: { path: string; message: string }[];
    }>(res);
    expect(body.code).toBe('planner/invalid_design');
    // The message names the component as the user named it; the path stays machine data.
    expect(body.issues[0]).toEqual({
      path: 'architectureConfig.components[0].service',
      message: `Component “${components[0]!.name}”: unknown service "aws.nothing"`,
    });
    expect(body.message).toBe(body.issues[0]!.message);

    await user.call('PUT', url, {
      revision,
      state: {
        v: 2,
        selectedProvider: 'gcp',
        selectedServices: ['gcp.gke'],
        architectureOptionalOverride: true,
      },
    });
    const override = await generate(user, project.id, { format: 'terraform' });
    expect(override.statusCode).toBe(200);
    expect(json<{ data: Generated }>(override).data.quota.used).toBe(1);
  });

  it('generates what was saved last: the request carries only the format', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    await user.call('PUT', `/api/projects/${project.id}/state`, {
      revision: 0,
      state: stateFor('aws-serverless-api', { fileStructureConfig: { readme: false } }),
    });
    const res = await generate(user, project.id, { format: 'terraform' });
    const generation = json<{ data: Generated }>(res).data.generation;
    expect(generation.revision).toBe(1);
    expect(generation.files.some((f) => f.path === 'README.md')).toBe(false);
  });

  it('still loads and generates a project saved in the version 1 shape', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Old');
    await server.db
      .updateTable('projects')
      .set({ state: JSON.stringify(v1StateFor('aws-serverless-api', { currentStep: 4 })) })
      .where('id', '=', project.id)
      .execute();
    const loaded = json<{ data: { project: ProjectBody } }>(
      await user.call('GET', `/api/projects/${project.id}`),
    ).data.project;
    const current = stateFor('aws-serverless-api', { currentStep: 4 });
    expect(loaded.state).toMatchObject({
      v: 2,
      currentStep: 4,
      selectedProvider: 'aws',
      selectedServices: current.selectedServices,
      architectureConfig: { name: current.architectureConfig.name },
    });
    expect((loaded.state.architectureConfig as { components: unknown[] }).components).toHaveLength(
      current.architectureConfig.components.length,
    );
    const old = json<{ data: Generated }>(await generate(user, project.id, { format: 'terraform' }))
      .data.generation;
    const fresh = await createProject(user, 'New', current);
    const now = json<{ data: Generated }>(await generate(user, fresh.id, { format: 'terraform' }))
      .data.generation;
    expect(old.files).toEqual(now.files);
  });

  it("answers 'Generation not found' for unknown ids and another project's", async () => {
    const user = await newUser(server);
    const a = await createProject(user, 'A', stateFor('aws-serverless-api'));
    const b = await createProject(user, 'B', stateFor('aws-serverless-api'));
    const gen = json<{ data: Generated }>(await generate(user, a.id, { format: 'terraform' })).data
      .generation;
    for (const url of [
      `/api/projects/${b.id}/generations/${gen.id}`,
      `/api/projects/${a.id}/generations/00000000-0000-4000-8000-000000000000`,
      `/api/projects/${a.id}/generations/nope`,
    ]) {
      const res = await user.call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({
        code: 'planner/generation_not_found',
        message: 'Generation not found',
      });
    }
  });
});

describe('the monthly quota (§9)', () => {
  it('Free: five generations, then a clear error and nothing generated or stored', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    for (let i = 1; i <= 5; i++) {
      const res = await generate(user, project.id, { format: 'terraform' });
      expect(res.statusCode).toBe(200);
      expect(json<{ data: Generated }>(res).data.quota).toEqual({
        used: i,
        limit: 5,
        remaining: 5 - i,
      });
    }
    const sixth = await generate(user, project.id, { format: 'terraform' });
    expect(sixth.statusCode).toBe(403);
    const error = errorOf(sixth);
    expect(error.code).toBe('planner/quota_exceeded');
    expect(error.message).toBe(
      'You have used all 5 generations of the Free plan this month. Upgrade your plan on the Subscription page for more.',
    );
    expect(sixth.json()).not.toHaveProperty('data');
    expect(await storedGenerations(project.id)).toHaveLength(5);
    const snapshots = json<{ data: { snapshots: unknown[] } }>(
      await user.call('GET', `/api/projects/${project.id}/snapshots`),
    ).data.snapshots;
    expect(snapshots).toHaveLength(5);
    const usage = json<{ data: { usage: { generationsUsed: number } } }>(
      await user.call('GET', '/api/subscription'),
    ).data.usage;
    expect(usage.generationsUsed).toBe(5);
  });

  it('concurrent generations at the edge never exceed the quota', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    for (let i = 0; i < 3; i++) await generate(user, project.id, { format: 'terraform' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => generate(user, project.id, { format: 'terraform' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    expect(results.every((r) => [200, 403].includes(r.statusCode))).toBe(true);
    expect(await storedGenerations(project.id)).toHaveLength(5);
  });

  it('enterprise is unlimited and says so', async () => {
    const user = await newUser(server, 'enterprise');
    const project = await createProject(user, 'Web', stateFor('gcp-web-platform'));
    const res = await generate(user, project.id, { format: 'terraform' });
    expect(json<{ data: Generated }>(res).data.quota).toEqual({
      used: 1,
      limit: -1,
      remaining: null,
    });
  });
});
