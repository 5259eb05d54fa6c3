import { sql } from 'kysely';
import { bearer, signUp, type TestServer } from './harness';

export interface Member {
  userId: string;
  token: string;
}

/** A project owned by a new user, shared with new users as editors (rows as the planner writes them). */
export async function sharedProject(
  server: TestServer,
  memberCount: number,
  on: TestServer[] = [],
): Promise<{ projectId: string; owner: Member; members: Member[] }> {
  const owner = await signUp(server);
  // Straight into the table, as the planner stores one, so this does not hang on its routes.
  const { id: projectId } = await server.db
    .insertInto('projects')
    .values({ user_id: owner.userId, name: 'Shared shop', state: JSON.stringify({ v: 2 }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members: Member[] = [];
  for (let i = 0; i < memberCount; i += 1) {
    const member = await signUp(on[i] ?? server);
    await sql`INSERT INTO project_members (project_id, user_id, role, invited_by)
      VALUES (${projectId}, ${member.userId}, 'editor', ${owner.userId})`.execute(server.db);
    members.push(member);
  }
  return { projectId, owner, members };
}

/** POST /api/messages from `token` to the user `recipientId`. */
export function sendMessage(
  server: TestServer,
  token: string,
  recipientId: string,
  subject = 'Hi',
) {
  return server.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: bearer(token),
    payload: { to: { type: 'userId', userId: recipientId }, subject, body: 'Hello' },
  });
}
