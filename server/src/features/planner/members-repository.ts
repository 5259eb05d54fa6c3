import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUuid } from './repository';
import { withSharingTables, type MemberRole } from './tables';

export interface MemberRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: MemberRole;
  created_at: Date;
}

const memberColumns = [
  'm.user_id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'm.role',
  'm.created_at',
] as const;

/** The project's members (not its owner), oldest first. */
export function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return withSharingTables(db)
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(memberColumns)
    .where('m.project_id', '=', projectId)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
}

export function findMember(
  db: Db,
  projectId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  if (!isUuid(userId)) return Promise.resolve(undefined);
  return withSharingTables(db)
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(memberColumns)
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** Invitations not yet applied nor expired, oldest first. */
export function listInvitations(db: Db, projectId: string) {
  return withSharingTables(db)
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at')
    .execute();
}

/** Members and live invitations together: what the per-project limit counts. */
export async function countSharing(db: Db, projectId: string): Promise<number> {
  const sdb = withSharingTables(db);
  const [members, invitations] = await Promise.all([
    sdb
      .selectFrom('project_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
    sdb
      .selectFrom('project_invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(members.n) + Number(invitations.n);
}

/** An account by its (lower-cased) address. */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'disabled_at'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUser(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Adds a member; undefined when they are one already (a concurrent invite). */
export async function insertMember(
  db: Db,
  values: { projectId: string; userId: string; role: MemberRole; invitedBy: string | null },
) {
  return withSharingTables(db)
    .insertInto('project_members')
    .values({
      project_id: values.projectId,
      user_id: values.userId,
      role: values.role,
      invited_by: values.invitedBy,
    })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .returning(['user_id', 'role', 'created_at'])
    .executeTakeFirst();
}

export async function updateRole(
  db: Db,
  projectId: string,
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const result = await withSharingTables(db)
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMember(db: Db, projectId: string, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const result = await withSharingTables(db)
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A pending invitation; undefined when the address is invited already. */
export async function insertInvitation(
  db: Db,
  values: { projectId: string; email: string; role: MemberRole; invitedBy: string },
) {
  const sdb = withSharingTables(db);
  // An expired invitation for the same address is replaced, not counted as "already invited".
  await sdb
    .deleteFrom('project_invitations')
    .where('project_id', '=', values.projectId)
    .where(sql<string>`lower(email)`, '=', values.email.toLowerCase())
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  return sdb
    .insertInto('project_invitations')
    .values({
      project_id: values.projectId,
      email: values.email,
      role: values.role,
      invited_by: values.invitedBy,
    })
    .onConflict((oc) => oc.expression(sql`project_id, lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deleteInvitation(db: Db, projectId: string, id: string) {
  if (!isUuid(id)) return undefined;
  return withSharingTables(db)
    .deleteFrom('project_invitations')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
}

/**
 * Turns the live invitations to `email` into memberships of `userId` and deletes them (expired
 * ones too). Answers the projects joined.
 */
export async function claimInvitations(db: Db, userId: string, email: string) {
  const sdb = withSharingTables(db);
  const invitations = await sdb
    .deleteFrom('project_invitations')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .returningAll()
    .execute();
  const joined = [];
  for (const invitation of invitations) {
    if (invitation.expires_at.getTime() <= Date.now()) continue;
    const row = await insertMember(db, {
      projectId: invitation.project_id,
      userId,
      role: invitation.role,
      invitedBy: invitation.invited_by,
    });
    if (row) joined.push(invitation);
  }
  return joined;
}

/** Whether any live invitation waits for `email` (cheap check before a claim). */
export async function hasInvitations(db: Db, email: string): Promise<boolean> {
  const row = await withSharingTables(db)
    .selectFrom('project_invitations')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
