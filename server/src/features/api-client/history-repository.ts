import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUuid, withApiTables, type HistoryRow } from './repository';

export type HistorySummaryRow = Omit<HistoryRow, 'request'>;

const SUMMARY_COLUMNS = [
  'id',
  'seq',
  'user_id',
  'method',
  'url',
  'status',
  'error',
  'duration_ms',
  'size_bytes',
  'collection_id',
  'item_id',
  'created_at',
] as const;

export function listHistory(db: Db, userId: string, limit: number): Promise<HistorySummaryRow[]> {
  return withApiTables(db)
    .selectFrom('api_history')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

export function findHistoryEntry(
  db: Db,
  userId: string,
  id: string,
): Promise<HistoryRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return withApiTables(db)
    .selectFrom('api_history')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface HistoryValues {
  method: string;
  url: string;
  status: number | null;
  error: string | null;
  durationMs: number;
  sizeBytes: number;
  request: unknown;
  collectionId: string | null;
  itemId: string | null;
}

/** Inserts an entry; a collection id that is not the user's own is recorded as none. */
export async function insertHistoryEntry(
  db: Db,
  userId: string,
  values: HistoryValues,
): Promise<string> {
  const ownCollection = values.collectionId
    ? sql<
        string | null
      >`(SELECT c.id FROM api_collections c WHERE c.id = ${values.collectionId} AND c.user_id = ${userId})`
    : null;
  const row = await withApiTables(db)
    .insertInto('api_history')
    .values({
      user_id: userId,
      method: values.method,
      url: values.url,
      status: values.status,
      error: values.error,
      duration_ms: values.durationMs,
      size_bytes: values.sizeBytes,
      request: JSON.stringify(values.request),
      collection_id: ownCollection,
      item_id: values.itemId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes all but the user's newest `keep` entries. */
export async function trimHistory(db: Db, userId: string, keep: number): Promise<void> {
  await withApiTables(db)
    .deleteFrom('api_history')
    .where('user_id', '=', userId)
    .where('seq', '<=', (eb) =>
      eb
        .selectFrom('api_history')
        .select('seq')
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .offset(keep)
        .limit(1),
    )
    .execute();
}

export async function deleteHistoryEntry(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await withApiTables(db)
    .deleteFrom('api_history')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function clearHistory(db: Db, userId: string): Promise<void> {
  await withApiTables(db).deleteFrom('api_history').where('user_id', '=', userId).execute();
}
