import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectsTable } from '../../db/schema';
import { withSharingTables, type ProjectRole } from './tables';

export type ProjectRow = Selectable<ProjectsTable> & {
  last_generated_at: Date | null;
  owner_name: string;
  owner_email: string;
  member_count: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from the path as any string: only a UUID can name a row. */
export const isUuid = (id: string): boolean => UUID.test(id);

/** When the project was last generated, for a query over `projects` (a list, a save). */
const lastGeneratedAt = sql<Date | null>`(
  SELECT max(g.created_at) FROM project_generations g WHERE g.project_id = projects.id
)`;
const ownerName = sql<string>`(
  SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = projects.user_id
)`;
const ownerEmail = sql<string>`(SELECT u.email FROM users u WHERE u.id = projects.user_id)`;
const memberCount = sql<number>`(
  SELECT count(*)::int FROM project_members pm WHERE pm.project_id = projects.id
)`;

function selectProjects(db: Db) {
  return db
    .selectFrom('projects')
    .selectAll('projects')
    .select([
      lastGeneratedAt.as('last_generated_at'),
      ownerName.as('owner_name'),
      ownerEmail.as('owner_email'),
      memberCount.as('member_count'),
    ]);
}

/** The user's own projects and those shared with them, each with the user's role in it. */
export function listProjects(
  db: Db,
  userId: string,
): Promise<(ProjectRow & { role: ProjectRole })[]> {
  return withSharingTables(db)
    .selectFrom('projects')
    .leftJoin('project_members as m', (join) =>
      join.onRef('m.project_id', '=', 'projects.id').on('m.user_id', '=', userId),
    )
    .selectAll('projects')
    .select([
      lastGeneratedAt.as('last_generated_at'),
      ownerName.as('owner_name'),
      ownerEmail.as('owner_email'),
      memberCount.as('member_count'),
      sql<ProjectRole>`CASE WHEN projects.user_id = ${userId} THEN 'owner' ELSE m.role END`.as(
        'role',
      ),
    ])
    .where((eb) => eb.or([eb('projects.user_id', '=', userId), eb('m.user_id', '=', userId)]))
    .orderBy('projects.updated_at', 'desc')
    .orderBy('projects.id')
    .execute();
}

/** How many projects the user owns (what the plan's project limit counts). */
export async function countProjects(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A project by id, or undefined; who may see it is the caller's check (projectRole). */
export function findProject(db: Db, id: string): Promise<ProjectRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return selectProjects(db).where('id', '=', id).executeTakeFirst();
}

/** Same, holding the row until the transaction ends (restores and snapshots serialise on it). */
export async function lockProject(
  trx: Db,
  id: string,
): Promise<Selectable<ProjectsTable> | undefined> {
  if (!isUuid(id)) return undefined;
  return trx.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertProject(
  db: Db,
  values: { userId: string; name: string; description: string; state: unknown },
): Promise<ProjectRow> {
  const row = await db
    .insertInto('projects')
    .values({
      user_id: values.userId,
      name: values.name,
      description: values.description,
      state: JSON.stringify(values.state),
    })
    .returningAll()
    .returning([ownerName.as('owner_name'), ownerEmail.as('owner_email')])
    .executeTakeFirstOrThrow();
  return { ...row, last_generated_at: null, member_count: 0 };
}

/**
 * Autosave in one statement: `UPDATE … WHERE id = $1 AND revision = $2 AND <the user is the
 * owner or an editor> RETURNING …`. Answers the saved row, or undefined when nothing matched (no
 * such project, a revision that moved on, or a role lost since the request was checked).
 */
export async function saveState(
  db: Db,
  userId: string,
  id: string,
  revision: number,
  state: unknown,
): Promise<ProjectRow | undefined> {
  if (!isUuid(id)) return undefined;
  const mayEdit = sql<boolean>`(projects.user_id = ${userId} OR EXISTS (
    SELECT 1 FROM project_members m
    WHERE m.project_id = projects.id AND m.user_id = ${userId} AND m.role = 'editor'
  ))`;
  return db
    .updateTable('projects')
    .set({
      state: JSON.stringify(state),
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where(mayEdit)
    .returningAll()
    .returning([
      lastGeneratedAt.as('last_generated_at'),
      ownerName.as('owner_name'),
      ownerEmail.as('owner_email'),
      memberCount.as('member_count'),
    ])
    .executeTakeFirst();
}

/** The stored revision of a project (what a refused save answers), or undefined. */
export async function currentRevision(db: Db, id: string): Promise<number | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('projects')
    .select('revision')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.revision;
}

export async function rename(
  db: Db,
  id: string,
  values: { name: string; description?: string },
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db
    .updateTable('projects')
    .set({
      name: values.name,
      ...(values.description !== undefined && { description: values.description }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteProject(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db.deleteFrom('projects').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Replaces the state whatever the revision (a restore holding the row lock), adding one to it. */
export async function replaceState(trx: Db, id: string, state: unknown): Promise<void> {
  await trx
    .updateTable('projects')
    .set({
      state: JSON.stringify(state),
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
