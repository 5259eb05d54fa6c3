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
    .select((eb) =>
      eb
        .selectFrom('project_generations')
        .whereRef('project_generations.project_id', '=', 'projects.id')
        .select(sql<Date | null>`max(project_generations.created_at)`.as('m'))
        .as('last_generated_at'),
    );
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

/** Saves only if the stored revision is `revision`; answers the new revision, or undefined. */
export async function saveState(
  db: Db,
  userId: string,
  id: string,
  revision: number,
  state: unknown,
): Promise<number | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .updateTable('projects')
    .set({
      state: JSON.stringify(state),
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revision', '=', revision)
    .returning('revision')
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
