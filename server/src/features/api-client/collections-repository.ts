import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUuid, withApiTables, type CollectionRow } from './repository';

/** What a list shows: every column but the document. */
export type CollectionSummaryRow = Omit<CollectionRow, 'doc'>;

const SUMMARY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'request_count',
  'revision',
  'created_at',
  'updated_at',
] as const;

export function listCollections(db: Db, userId: string): Promise<CollectionSummaryRow[]> {
  return withApiTables(db)
    .selectFrom('api_collections')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countCollections(db: Db, userId: string): Promise<number> {
  const row = await withApiTables(db)
    .selectFrom('api_collections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's collection, or undefined for an unknown id or another user's. */
export function findCollection(
  db: Db,
  userId: string,
  id: string,
): Promise<CollectionRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return withApiTables(db)
    .selectFrom('api_collections')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface CollectionValues {
  name: string;
  doc: unknown;
  requestCount: number;
}

export function insertCollection(
  db: Db,
  userId: string,
  values: CollectionValues,
): Promise<CollectionRow> {
  return withApiTables(db)
    .insertInto('api_collections')
    .values({
      user_id: userId,
      name: values.name,
      doc: JSON.stringify(values.doc),
      request_count: values.requestCount,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Saves in one statement: `UPDATE … WHERE id AND user_id AND revision = $n RETURNING …`.
 * Answers the saved row, or undefined when nothing matched (unknown, another user's, or a
 * revision that moved on).
 */
export function saveCollection(
  db: Db,
  userId: string,
  id: string,
  revision: number,
  values: CollectionValues,
): Promise<CollectionSummaryRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return withApiTables(db)
    .updateTable('api_collections')
    .set({
      name: values.name,
      doc: JSON.stringify(values.doc),
      request_count: values.requestCount,
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revision', '=', revision)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirst();
}

/** The stored revision of the user's collection (what a refused save answers), or undefined. */
export async function currentRevision(
  db: Db,
  userId: string,
  id: string,
): Promise<number | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await withApiTables(db)
    .selectFrom('api_collections')
    .select('revision')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.revision;
}

export async function deleteCollection(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await withApiTables(db)
    .deleteFrom('api_collections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
