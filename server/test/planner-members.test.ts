import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveEvent } from '@stratum/core/contract/live/events';
import { liveEvents } from '../src/lib/live-events';
import { createMemoryState } from '../src/lib/shared-state';
import { json, signUp, startTestServer, uniqueEmail, type TestServer } from './harness';
import { createProject, errorOf, stateFor, type ProjectBody } from './planner-helpers';
import { person, projectsOf, team, type Person } from './planner-sharing-helpers';

const shared = createMemoryState();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, shared);
});
afterAll(async () => {
  await server.close();
});

interface Members {
  owner: { email: string };
  members: { userId: string; email: string; role: string }[];
  invitations: { id: string; email: string; role: string }[];
  myRole: string;
}
const membersOf = async (who: Person, projectId: string) =>
  json<{ data: Members }>(await who.call('GET', `/api/projects/${projectId}/members`)).data;

async function inboxOf(who: Person) {
  const res = await who.call('GET', '/api/messages?box=inbox&page=1&pageSize=20');
  return json<{ data: { items: { subject: string; body: string }[] } }>(res).data.items;
}

describe('invitations', () => {
  it('shares with an account: a message, a mail, and the project in their list', async () => {
    const owner = await person(server);
    const friend = await person(server);
    const project = await createProject(owner, 'Atlas');
    const res = await owner.call('POST', `/api/projects/${project.id}/members`, {
      email: `  ${friend.email.toUpperCase()} `,
      role: 'viewer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { member: { role: string } } }>(res).data.member).toMatchObject({
      userId: friend.userId,
      role: 'viewer',
    });
    const inbox = await inboxOf(friend);
    expect(inbox[0]).toMatchObject({ subject: 'Test User shared the project Atlas with you' });
    expect(inbox[0]!.body).toContain('as a viewer');
    const mail = await server.mailbox.waitFor(friend.email, (m) => /Atlas/.test(m.subject));
    expect(mail.text).toContain(`shared the Stratum project Atlas with you as viewer`);
    expect(mail.text).toContain('/dashboard');
    const listed = (await projectsOf(friend)).projects.find((p) => p.id === project.id);
    expect(listed).toMatchObject({ role: 'viewer', owner: { email: owner.email } });
    const members = await membersOf(friend, project.id);
    expect(members).toMatchObject({ myRole: 'viewer', owner: { email: owner.email } });
    expect(members.members.map((m) => m.email)).toEqual([friend.email]);
    expect(members.invitations).toEqual([]);
    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', project.id)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['projects.create', 'projects.invite']);
    expect(audit.every((a) => a.actor_id === owner.userId)).toBe(true);
  });

  it('refuses the owner, a second invitation of a member, bad input and non-owners', async () => {
    const { owner, editor, viewer, project } = await team(server);
    const url = `/api/projects/${project.id}/members`;
    const self = await owner.call('POST', url, { email: owner.email, role: 'viewer' });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe('You own this project already');
    const again = await owner.call('POST', url, { email: viewer.email, role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(
      `${viewer.email} is already a viewer of this project. Change their role in the list instead.`,
    );
    const bad = await owner.call('POST', url, { email: 'not-an-address', role: 'viewer' });
    expect(bad.statusCode).toBe(400);
    const badRole = await owner.call('POST', url, { email: uniqueEmail(), role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    const byEditor = await editor.call('POST', url, { email: uniqueEmail(), role: 'viewer' });
    expect(byEditor.statusCode).toBe(403);
    expect((await membersOf(owner, project.id)).members).toHaveLength(2);
  });

  it('keeps an invitation for an address without an account until it signs up', async () => {
    const owner = await person(server);
    const project = await createProject(owner, 'Orbit');
    const email = uniqueEmail('newcomer');
    const res = await owner.call('POST', `/api/projects/${project.id}/members`, {
      email,
      role: 'editor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { member: null; invitation: { email: string } } }>(res).data).toMatchObject(
      { member: null, invitation: { email, role: 'editor' } },
    );
    const mail = await server.mailbox.waitFor(email, (m) => /Orbit/.test(m.subject));
    expect(mail.text).toContain('Create your Stratum account with this e-mail address');
    const twice = await owner.call('POST', `/api/projects/${project.id}/members`, {
      email,
      role: 'viewer',
    });
    expect(twice.statusCode).toBe(409);
    expect((await membersOf(owner, project.id)).invitations.map((i) => i.email)).toEqual([email]);

    const account = await signUp(server, email);
    const newcomer = {
      ...account,
      call: (method: 'GET', url: string) =>
        server.app.inject({ method, url, headers: { authorization: `Bearer ${account.token}` } }),
    };
    const listed = (await projectsOf(newcomer as unknown as Person)).projects;
    expect(listed.map((p) => [p.id, p.role])).toEqual([[project.id, 'editor']]);
    const after = await membersOf(owner, project.id);
    expect(after.invitations).toEqual([]);
    expect((await inboxOf(owner))[0]).toMatchObject({ subject: 'Test User joined Orbit' });
    expect(after.members.map((m) => [m.email, m.role])).toEqual([[email, 'editor']]);
  });

  it('refuses a disabled account, and never applies an expired invitation', async () => {
    const owner = await person(server);
    const disabled = await person(server);
    const project = await createProject(owner, 'Vault');
    await server.db
      .updateTable('users')
      .set({ disabled_at: new Date() })
      .where('id', '=', disabled.userId)
      .execute();
    const url = `/api/projects/${project.id}/members`;
    const refused = await owner.call('POST', url, { email: disabled.email, role: 'viewer' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toContain('disabled');

    const email = uniqueEmail('late');
    expect((await owner.call('POST', url, { email, role: 'viewer' })).statusCode).toBe(200);
    await server.db
      .withTables<{ project_invitations: { email: string; expires_at: Date } }>()
      .updateTable('project_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await membersOf(owner, project.id)).invitations).toEqual([]);
    const account = await signUp(server, email);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(json<{ data: { projects: unknown[] } }>(list).data.projects).toEqual([]);
  });

  it('lets the owner cancel a pending invitation', async () => {
    const owner = await person(server);
    const project = await createProject(owner, 'Nova');
    const email = uniqueEmail('later');
    await owner.call('POST', `/api/projects/${project.id}/members`, { email, role: 'viewer' });
    const [invitation] = (await membersOf(owner, project.id)).invitations;
    const url = `/api/projects/${project.id}/invitations/${invitation!.id}`;
    expect((await owner.call('DELETE', url)).statusCode).toBe(200);
    expect((await owner.call('DELETE', url)).statusCode).toBe(404);
    expect((await membersOf(owner, project.id)).invitations).toEqual([]);
  });
});

describe('members', () => {
  it('changes a role (with a message), removes a member, and lets a member leave', async () => {
    const { owner, editor, viewer, project } = await team(server);
    const base = `/api/projects/${project.id}/members`;
    const promote = await owner.call('PATCH', `${base}/${viewer.userId}`, { role: 'editor' });
    expect(promote.statusCode, promote.body).toBe(200);
    expect((await inboxOf(viewer))[0]!.subject).toBe('You are now an editor of Shared');
    const save = await viewer.call('PATCH', `/api/projects/${project.id}`, { name: 'Shared' });
    expect(save.statusCode).toBe(200);

    expect((await owner.call('DELETE', `${base}/${viewer.userId}`)).statusCode).toBe(200);
    expect((await inboxOf(viewer))[0]!.subject).toBe('You no longer have access to Shared');
    expect((await viewer.call('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await projectsOf(viewer)).projects).toEqual([]);

    expect((await editor.call('DELETE', `${base}/${editor.userId}`)).statusCode).toBe(200);
    expect((await editor.call('GET', `/api/projects/${project.id}`)).statusCode).toBe(404);
    const owned = await owner.call('DELETE', `${base}/${owner.userId}`);
    expect(owned.statusCode).toBe(400);
    expect((await membersOf(owner, project.id)).members).toEqual([]);
    const unknown = await owner.call('PATCH', `${base}/${viewer.userId}`, { role: 'viewer' });
    expect(unknown.statusCode).toBe(404);
  });

  it("deleting the project takes it from every member's list", async () => {
    const { owner, editor, project } = await team(server);
    expect((await owner.call('DELETE', `/api/projects/${project.id}`)).statusCode).toBe(200);
    expect((await projectsOf(editor)).projects).toEqual([]);
  });
});

describe('two people editing', () => {
  it('keeps the 409-and-reload rule between the owner and an editor', async () => {
    const { owner, editor, project } = await team(server);
    const url = `/api/projects/${project.id}`;
    const read = json<{ data: { project: ProjectBody } }>(await editor.call('GET', url)).data
      .project;
    const state = stateFor('aws-three-tier-web-app');
    const [a, b] = await Promise.all([
      owner.call('PUT', `${url}/state`, { revision: read.revision, state }),
      editor.call('PUT', `${url}/state`, { revision: read.revision, state }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(errorOf(loser)).toMatchObject({
      code: 'planner/revision_conflict',
      currentRevision: read.revision + 1,
    });
    const retry = await editor.call('PUT', `${url}/state`, { revision: read.revision + 1, state });
    expect(retry.statusCode).toBe(200);
  });

  it("pushes project-changed to the other members' live sockets, not the author's", async () => {
    const { owner, editor, viewer, project } = await team(server);
    const seen = new Map<string, TLiveEvent[]>();
    const stops = [owner, editor, viewer].map((p) =>
      liveEvents(shared).subscribe(p.userId, (event) =>
        seen.set(p.userId, [...(seen.get(p.userId) ?? []), event]),
      ),
    );
    try {
      const state = stateFor('aws-three-tier-web-app');
      const res = await editor.call('PUT', `/api/projects/${project.id}/state`, {
        revision: project.revision,
        state,
      });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => seen.get(viewer.userId)?.length ?? 0).toBeGreaterThan(0);
      const change = { type: 'project-changed', projectId: project.id, change: 'design' };
      expect(seen.get(viewer.userId)).toEqual([change]);
      expect(seen.get(owner.userId)).toEqual([change]);
      expect(seen.get(editor.userId)).toBeUndefined();
    } finally {
      for (const stop of stops) stop();
    }
  });
});
