import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import {
  createProject,
  errorOf,
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

interface Snapshot {
  id: string;
  type: 'manual' | 'auto';
  description: string;
  tags: string[];
  revision: number;
  timestamp: string;
  data?: Record<string, unknown>;
}

async function snapshot(user: User, projectId: string, description: string, tags: string[] = []) {
  const res = await user.call('POST', `/api/projects/${projectId}/snapshots`, {
    description,
    tags,
  });
  expect(res.statusCode).toBe(200);
  return json<{ data: { snapshot: Snapshot } }>(res).data.snapshot;
}

async function snapshotsOf(user: User, projectId: string) {
  const res = await user.call('GET', `/api/projects/${projectId}/snapshots`);
  expect(res.statusCode).toBe(200);
  return json<{ data: { snapshots: Snapshot[] } }>(res).data.snapshots;
}

async function save(user: User, project: { id: string }, revision: number, state: unknown) {
  const res = await user.call('PUT', `/api/projects/${project.id}/state`, { revision, state });
  expect(res.statusCode).toBe(200);
}

describe('version snapshots', () => {
  it('takes a manual snapshot of the stored state with description and tags', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    const taken = await snapshot(user, project.id, 'Before the cache', ['v1', 'v1', 'review']);
    expect(taken).toMatchObject({
      type: 'manual',
      description: 'Before the cache',
      tags: ['v1', 'review'],
      revision: 0,
    });
    expect(taken.data).toEqual(project.state);
    expect(Date.parse(taken.timestamp)).toBeGreaterThan(Date.now() - 60_000);

    const list = await snapshotsOf(user, project.id);
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('data');
    const one = await user.call('GET', `/api/projects/${project.id}/snapshots/${taken.id}`);
    expect(json<{ data: { snapshot: Snapshot } }>(one).data.snapshot.data).toEqual(project.state);
  });

  it('restores: the state comes back, the revision moves on, the replaced state is kept', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web');
    const stateA = stateFor('aws-serverless-api', { currentStep: 2 });
    const stateB = stateFor('gcp-web-platform', { currentStep: 4 });
    await save(user, project, 0, stateA);
    const taken = await snapshot(user, project.id, 'A');
    await save(user, project, 1, stateB);

    const res = await user.call(
      'POST',
      `/api/projects/${project.id}/snapshots/${taken.id}/restore`,
    );
    expect(res.statusCode).toBe(200);
    const { project: restored, backupSnapshotId } = json<{
      data: { project: ProjectBody; backupSnapshotId: string };
    }>(res).data;
    expect(restored.revision).toBe(3);
    expect(restored.state).toMatchObject({ selectedProvider: 'aws', currentStep: 2 });

    // An editor still on revision 2 must not overwrite the restore.
    const stale = await user.call('PUT', `/api/projects/${project.id}/state`, {
      revision: 2,
      state: stateB,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).currentRevision).toBe(3);

    const backup = json<{ data: { snapshot: Snapshot } }>(
      await user.call('GET', `/api/projects/${project.id}/snapshots/${backupSnapshotId}`),
    ).data.snapshot;
    expect(backup).toMatchObject({ type: 'auto', revision: 2, tags: ['restore'] });
    expect(backup.data).toMatchObject({ selectedProvider: 'gcp', currentStep: 4 });
    expect(backup.description).toMatch(/^Before restoring "A"/);
  });

  it("answers 'Snapshot not found' for unknown ids and another project's", async () => {
    const user = await newUser(server);
    const a = await createProject(user, 'A');
    const b = await createProject(user, 'B');
    const taken = await snapshot(user, a.id, 'a');
    const urls = [
      `/api/projects/${b.id}/snapshots/${taken.id}`,
      `/api/projects/${a.id}/snapshots/00000000-0000-4000-8000-000000000000`,
      `/api/projects/${a.id}/snapshots/unknown`,
    ];
    for (const url of urls) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/restore'],
        ['DELETE', ''],
      ] as const) {
        const res = await user.call(method, `${url}${suffix}`);
        expect(res.statusCode, `${method} ${url}${suffix}`).toBe(404);
        expect(errorOf(res)).toMatchObject({
          code: 'planner/snapshot_not_found',
          message: 'Snapshot not found',
        });
      }
    }
    expect(await snapshotsOf(user, b.id)).toHaveLength(0);
  });

  it('deletes a snapshot', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const taken = await snapshot(user, project.id, 'gone soon');
    const res = await user.call('DELETE', `/api/projects/${project.id}/snapshots/${taken.id}`);
    expect(res.statusCode).toBe(200);
    expect(await snapshotsOf(user, project.id)).toHaveLength(0);
  });

  it('validates description and tags', async () => {
    const user = await newUser(server);
    const project = await createProject(user);
    const tooMany = await user.call('POST', `/api/projects/${project.id}/snapshots`, {
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    const long = await user.call('POST', `/api/projects/${project.id}/snapshots`, {
      description: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('at most 50 per project (§9)', () => {
  it('drops the oldest automatic snapshots first, then the oldest manual ones', async () => {
    const user = await newUser(server);
    const project = await createProject(user, 'Web', stateFor('aws-serverless-api'));
    const generate = () =>
      user.call('POST', `/api/projects/${project.id}/generations`, { format: 'terraform' });
    expect((await generate()).statusCode).toBe(200);
    expect((await generate()).statusCode).toBe(200);
    const [auto2, auto1] = (await snapshotsOf(user, project.id)).map((s) => s.id);
    const manual: string[] = [];
    for (let i = 0; i < 48; i++) manual.push((await snapshot(user, project.id, `m${i}`)).id);
    expect(await snapshotsOf(user, project.id)).toHaveLength(50);

    const ids = async () => (await snapshotsOf(user, project.id)).map((s) => s.id);
    manual.push((await snapshot(user, project.id, 'm48')).id);
    expect(await ids()).toHaveLength(50);
    expect(await ids()).not.toContain(auto1);
    expect(await ids()).toContain(auto2);

    manual.push((await snapshot(user, project.id, 'm49')).id);
    expect(await ids()).not.toContain(auto2);
    expect(await ids()).toEqual([...manual].reverse());

    manual.push((await snapshot(user, project.id, 'm50')).id);
    const left = await ids();
    expect(left).toHaveLength(50);
    expect(left).not.toContain(manual[0]);
    expect(left).toContain(manual[1]);

    // A generation on a full, all-manual history keeps its own automatic snapshot.
    const generated = await generate();
    expect(generated.statusCode).toBe(200);
    const { snapshotId } = json<{ data: { snapshotId: string } }>(generated).data;
    const after = await ids();
    expect(after).toHaveLength(50);
    expect(after[0]).toBe(snapshotId);
    expect(after).not.toContain(manual[1]);
  });
});
