import { expect } from 'vitest';
import type { TMemberRole } from '@stratum/core/contract/planner/members';
import { json, type TestServer } from './harness';
import { createProject, newUser, stateFor, type User } from './planner-helpers';

export interface Person extends User {
  email: string;
}

/** A new verified user with their address (on Enterprise: deployments and no quota worries). */
export async function person(server: TestServer): Promise<Person> {
  const user = await newUser(server, 'enterprise');
  const row = await server.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return { ...user, email: row.email };
}

/** The owner shares the project with `who` as `role`, through the API. */
export async function share(owner: User, projectId: string, who: Person, role: TMemberRole) {
  const res = await owner.call('POST', `/api/projects/${projectId}/members`, {
    email: who.email,
    role,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An owner, an editor and a viewer of one project with a generatable design. */
export async function team(server: TestServer) {
  const [owner, editor, viewer, outsider] = await Promise.all([
    person(server),
    person(server),
    person(server),
    person(server),
  ]);
  const project = await createProject(owner, 'Shared', stateFor('aws-three-tier-web-app'));
  await share(owner, project.id, editor, 'editor');
  await share(owner, project.id, viewer, 'viewer');
  return { owner, editor, viewer, outsider, project };
}

export interface Listed {
  id: string;
  name: string;
  role: string;
  owner: { id: string; name: string; email: string };
}

export async function projectsOf(user: User) {
  const res = await user.call('GET', '/api/projects');
  expect(res.statusCode).toBe(200);
  return json<{ data: { projects: Listed[]; usage: { count: number } } }>(res).data;
}
