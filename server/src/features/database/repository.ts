import { DATABASE_LOG_CAP } from '@stratum/core/contract/database/list-database-log';
import type { Db } from '../../db/database';
import { withServiceTables, type DatabaseConfigRow, type DatabaseLogTable } from './tables';
import type { Insertable } from 'kysely';

export function findConfig(db: Db): Promise<DatabaseConfigRow | undefined> {
  return withServiceTables(db).selectFrom('database_config').selectAll().executeTakeFirst();
}

export function saveConfig(
  db: Db,
  values: Pick<
    DatabaseConfigRow,
    | 'server'
    | 'port'
    | 'database_name'
    | 'user_name'
    | 'password_secret'
    | 'ssl'
    | 'connection_timeout_ms'
    | 'updated_by_email'
  >,
): Promise<DatabaseConfigRow> {
  // A changed config is a new target: it must be connected again.
  const row = {
    ...values,
    is_connected: false,
    connected_at: null,
    connected_by_email: null,
    updated_at: new Date(),
  };
  return withServiceTables(db)
    .insertInto('database_config')
    .values({ id: true, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setConnected(db: Db, by: string | null): Promise<void> {
  await withServiceTables(db)
    .updateTable('database_config')
    .set({
      is_connected: by !== null,
      connected_at: by === null ? null : new Date(),
      connected_by_email: by,
    })
    .execute();
}

export type LogEntry = Omit<Insertable<DatabaseLogTable>, 'params'> & { params: string[] };

/**
 * Appends one entry and drops what lies past the newest `cap` (§9: 1000). Call it inside a
 * transaction, so that the entry and the pruning commit together.
 */
export async function appendLog(
  trx: Db,
  entry: LogEntry,
  cap: number = DATABASE_LOG_CAP,
): Promise<void> {
  const t = withServiceTables(trx);
  await t
    .insertInto('database_log')
    .values({ ...entry, params: JSON.stringify(entry.params) })
    .execute();
  await t
    .deleteFrom('database_log')
    .where('id', '<=', (eb) =>
      eb.selectFrom('database_log').select('id').orderBy('id', 'desc').offset(cap).limit(1),
    )
    .execute();
}

export function listLog(db: Db, limit: number) {
  return withServiceTables(db)
    .selectFrom('database_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
