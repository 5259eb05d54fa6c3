import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 20261124T0800_database_service.sql. */
export interface DatabaseConfigTable {
  id: Generated<boolean>;
  server: string;
  port: number;
  database_name: string;
  user_name: string;
  /** AES-256-GCM ciphertext; never leaves the server. */
  password_secret: string | null;
  ssl: boolean;
  connection_timeout_ms: number;
  is_connected: Generated<boolean>;
  connected_at: Date | null;
  connected_by_email: string | null;
  updated_at: Timestamp;
  updated_by_email: string | null;
}

export interface DatabaseLogTable {
  id: Generated<number>;
  at: ColumnType<Date, never, never>;
  actor_id: string | null;
  actor_email: string;
  action: 'test' | 'connect' | 'disconnect' | 'query' | 'create-schema' | 'drop-schema';
  statement: string | null;
  params: ColumnType<string[], string, string>;
  is_write: boolean;
  is_ok: boolean;
  row_count: number | null;
  duration_ms: number;
  error: string | null;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type DatabaseServiceTables = {
  database_config: DatabaseConfigTable;
  database_log: DatabaseLogTable;
};

export type DatabaseConfigRow = Selectable<DatabaseConfigTable>;
export type DatabaseLogRow = Selectable<DatabaseLogTable>;

/** The app's database seen with this feature's tables too. */
export const withServiceTables = (db: Db) => db.withTables<DatabaseServiceTables>();
export type ServiceDb = ReturnType<typeof withServiceTables>;
