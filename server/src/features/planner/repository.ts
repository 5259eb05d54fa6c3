import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectsTable } from '../../db/schema';

export type ProjectRow = Selectable<ProjectsTable> & { last_generated_at: Date | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from the path as any string: only a UUID can name a row. */
export const isUuid = (id: string): boolean => UUID.test(id);

function selectProjects(db: Db) {
  return db
    .selectFrom('projects')
    .selectAll('projects')
    .select(lastGeneratedAt.as('last_generated_at'));
}

export function listProjects(db: Db, userId: string): Promise<ProjectRow[]> {
  return selectProjects(db)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countProjects(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's project, or undefined for an unknown id or another user's. */
export function findProject(db: Db, userId: string, id: string): Promise<ProjectRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return selectProjects(db).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Same, holding the row until the transaction ends (restores and snapshots serialise on it). */
export async function lockProject(
  trx: Db,
  userId: string,
  id: string,
): Promise<Selectable<ProjectsTable> | undefined> {
  if (!isUuid(id)) return undefined;
  return trx
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
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
    .executeTakeFirstOrThrow();
  return { ...row, last_generated_at: null };
}

/** When the project was last generated, for a query over `projects` (a list, a save). */
const lastGeneratedAt = sql<Date | null>`(
  SELECT max(g.created_at) FROM project_generations g WHERE g.project_id = projects.id
)`;

/**
 * Autosave in one statement: `UPDATE … WHERE id = $1 AND user_id = $2 AND revision = $3
 * RETURNING …`. Answers the saved row, or undefined when nothing matched (unknown project,
 * another user's, or a revision that moved on).
 */
export async function saveState(
  db: Db,
  userId: string,
  id: string,
  revision: number,
  state: unknown,
): Promise<ProjectRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .updateTable('projects')
    .set({
      state: JSON.stringify(state),
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revision', '=', revision)
    .returningAll()
    .returning(lastGeneratedAt.as('last_generated_at'))
    .executeTakeFirst();
}

/** The stored revision of the user's project (what a refused save answers), or undefined. */
export async function currentRevision(
  db: Db,
  userId: string,
  id: string,
): Promise<number | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('projects')
    .select('revision')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.revision;
}

export async function rename(
  db: Db,
  userId: string,
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
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteProject(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db
    .deleteFrom('projects')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
