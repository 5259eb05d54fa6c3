import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveState } from '../src/features/planner/repository';
import { json, startTestServer, type TestServer } from './harness';
import { errorOf, type Method, type ProjectBody } from './planner-helpers';
import { team } from './planner-sharing-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Need = 'read' | 'edit' | 'owner' | 'any';
type Route = [Method, string, unknown?];

/**
 * Every project route and who may call it: `read` any member, `edit` editors and the owner,
 * `owner` the owner only, `any` any member (duplicate makes the caller's own copy).
 */
function routes(p: string, ids: { gen: string; snap: string; dep: string; member: string }) {
  const table: [Need, Route][] = [
    ['read', ['GET', p]],
    ['read', ['GET', `${p}/members`]],
    ['read', ['GET', `${p}/generations`]],
    ['read', ['GET', `${p}/generations/${ids.gen}`]],
    ['read', ['GET', `${p}/snapshots`]],
    ['read', ['GET', `${p}/snapshots/${ids.snap}`]],
    ['read', ['GET', `${p}/deployments`]],
    ['read', ['GET', `${p}/deployments/${ids.dep}`]],
    ['any', ['POST', `${p}/duplicate`, {}]],
    ['edit', ['PATCH', p, { name: 'Renamed' }]],
    ['edit', ['POST', `${p}/generations`, { format: 'terraform' }]],
    ['edit', ['POST', `${p}/snapshots`, { description: 'x' }]],
    ['edit', ['POST', `${p}/snapshots/${ids.snap}/restore`]],
    ['edit', ['POST', `${p}/deployments`, { environment: 'dev' }]],
    ['edit', ['POST', `${p}/deployments/${ids.dep}/rollback`]],
    ['owner', ['DELETE', `${p}/snapshots/${ids.snap}`]],
    ['owner', ['POST', `${p}/members`, { email: 'someone@example.com', role: 'viewer' }]],
    ['owner', ['PATCH', `${p}/members/${ids.member}`, { role: 'editor' }]],
    ['owner', ['DELETE', `${p}/members/${ids.member}`]],
    ['owner', ['DELETE', `${p}/invitations/00000000-0000-4000-8000-000000000000`]],
    ['owner', ['DELETE', p]],
  ];
  return table;
}

async function setUp() {
  const t = await team(server);
  const p = `/api/projects/${t.project.id}`;
  const gen = json<{ data: { generation: { id: string } } }>(
    await t.owner.call('POST', `${p}/generations`, { format: 'terraform' }),
  ).data.generation;
  const snap = json<{ data: { snapshot: { id: string } } }>(
    await t.owner.call('POST', `${p}/snapshots`, { description: 'a' }),
  ).data.snapshot;
  const dep = json<{ data: { deployment: { id: string } } }>(
    await t.owner.call('POST', `${p}/deployments`, { environment: 'dev' }),
  ).data.deployment;
  return { ...t, p, ids: { gen: gen.id, snap: snap.id, dep: dep.id } };
}

async function revisionOf(t: Awaited<ReturnType<typeof setUp>>) {
  return json<{ data: { project: ProjectBody } }>(await t.owner.call('GET', t.p)).data.project;
}

describe('membership on every project route', () => {
  it("answers a non-member 404 'Project not found' everywhere and changes nothing", async () => {
    const t = await setUp();
    const before = await revisionOf(t);
    const all = routes(t.p, { ...t.ids, member: t.viewer.userId });
    all.push(['edit', ['PUT', `${t.p}/state`, { revision: before.revision, state: before.state }]]);
    for (const [, [method, url, body]] of all) {
      const res = await t.outsider.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res).message, `${method} ${url}`).toBe('Project not found');
    }
    const after = await revisionOf(t);
    expect(after).toMatchObject({ name: 'Shared', revision: before.revision });
    const { projects } = json<{ data: { projects: unknown[] } }>(
      await t.outsider.call('GET', '/api/projects'),
    ).data;
    expect(projects).toHaveLength(0);
  });

  it('lets a viewer read and copy, and refuses every change with 403 and a clear message', async () => {
    const t = await setUp();
    const before = await revisionOf(t);
    const all = routes(t.p, { ...t.ids, member: t.editor.userId });
    all.push(['edit', ['PUT', `${t.p}/state`, { revision: before.revision, state: before.state }]]);
    for (const [need, [method, url, body]] of all) {
      const res = await t.viewer.call(method, url, body);
      const label = `${need} ${method} ${url}`;
      if (need === 'read' || need === 'any') {
        expect(res.statusCode, label).toBe(200);
      } else if (need === 'edit') {
        expect(res.statusCode, label).toBe(403);
        expect(errorOf(res), label).toMatchObject({
          code: 'planner/read_only',
          message:
            'You can view this project but not change it. Ask its owner to make you an editor.',
        });
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(errorOf(res).code, label).toBe('planner/owner_only');
        expect(errorOf(res).message, label).toMatch(/^Only the project's owner can /);
      }
    }
    expect(await revisionOf(t)).toMatchObject({ name: 'Shared', revision: before.revision });
  });

  it('lets an editor change the design, history and deployments but not delete or share', async () => {
    const t = await setUp();
    const before = await revisionOf(t);
    const all = routes(t.p, { ...t.ids, member: t.viewer.userId });
    all.push(['edit', ['PUT', `${t.p}/state`, { revision: before.revision, state: before.state }]]);
    // The restore adds one to the revision, so the save goes first.
    all.sort(([, a], [, b]) => Number(b[0] === 'PUT') - Number(a[0] === 'PUT'));
    for (const [need, [method, url, body]] of all) {
      const res = await t.editor.call(method, url, body);
      const label = `${need} ${method} ${url}`;
      if (need === 'owner') {
        expect(res.statusCode, label).toBe(403);
        expect(errorOf(res).code, label).toBe('planner/owner_only');
      } else if (url.endsWith('/rollback')) {
        // Allowed, but the simulated deployment has not completed yet.
        expect(errorOf(res).code, label).toBe('deploy/rollback_unavailable');
      } else {
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
    const after = await revisionOf(t);
    expect(after.name).toBe('Renamed');
    expect(after.revision).toBeGreaterThan(before.revision);
  });

  it('lists a shared project with the caller role and its owner; usage counts own projects only', async () => {
    const t = await setUp();
    for (const [who, role] of [
      [t.owner, 'owner'],
      [t.editor, 'editor'],
      [t.viewer, 'viewer'],
    ] as const) {
      const list = json<{
        data: { projects: { id: string; role: string; owner: { email: string } }[] };
      }>(await who.call('GET', '/api/projects')).data;
      const listed = list.projects.find((p) => p.id === t.project.id);
      expect(listed, role).toMatchObject({
        role,
        owner: { email: t.owner.email },
        memberCount: 2,
      });
      const got = json<{ data: { project: { role: string } } }>(await who.call('GET', t.p)).data;
      expect(got.project.role).toBe(role);
    }
    const usage = json<{ data: { usage: { count: number } } }>(
      await t.viewer.call('GET', '/api/projects'),
    ).data.usage;
    expect(usage.count).toBe(0);
  });

  it('refuses a viewer in the save statement itself, not only in the check before it', async () => {
    const t = await setUp();
    const stored = await revisionOf(t);
    const args = [t.project.id, stored.revision, stored.state] as const;
    expect(await saveState(server.db, t.viewer.userId, ...args)).toBeUndefined();
    expect(await saveState(server.db, t.outsider.userId, ...args)).toBeUndefined();
    expect((await revisionOf(t)).revision).toBe(stored.revision);
    const saved = await saveState(server.db, t.editor.userId, ...args);
    expect(saved?.revision).toBe(stored.revision + 1);
  });
});
