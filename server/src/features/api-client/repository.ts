import { sql, type ColumnType, type Generated, type Selectable } from 'kysely';
import type { Db } from '../../db/database';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 20261129T0300_api_client.sql. */
export interface ApiCollectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** The collection document (any stored version; read it through `parseCollection`). */
  doc: ColumnType<unknown, string, string>;
  request_count: Generated<number>;
  revision: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A variable as stored: a secret's value is always '' here (the real one is sealed). */
export interface StoredVariable {
  key: string;
  value: string;
  secret: boolean;
  enabled: boolean;
  /** Whether a value is stored (for a secret: in the sealed object), so lists need no key. */
  hasValue: boolean;
}

export interface ApiEnvironmentsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  variables: ColumnType<StoredVariable[], string | undefined, string>;
  /** AES-256-GCM sealed JSON `{ key: value }` of the secret values; never leaves the server. */
  sealed_secrets: string | null;
  revision: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ApiHistoryTable {
  id: Generated<string>;
  seq: ColumnType<number, never, never>;
  user_id: string;
  method: string;
  url: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  size_bytes: number;
  request: ColumnType<unknown, string, never>;
  collection_id: string | null;
  item_id: string | null;
  created_at: CreatedAt;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type ApiClientTables = {
  api_collections: ApiCollectionsTable;
  api_environments: ApiEnvironmentsTable;
  api_history: ApiHistoryTable;
};

export type CollectionRow = Selectable<ApiCollectionsTable>;
export type EnvironmentRow = Selectable<ApiEnvironmentsTable>;
export type HistoryRow = Selectable<ApiHistoryTable>;

/** The app's database seen with this feature's tables too. */
export const withApiTables = (db: Db) => db.withTables<ApiClientTables>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from the path as any string: only a UUID can name a row. */
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * Serialises one user's writes of one kind (a count checked against a limit, a history trim)
 * until the transaction ends, without locking the user's row.
 */
export async function lockUserFor(trx: Db, kind: string, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api-client:${kind}:${userId}`}, 0))`.execute(
    trx,
  );
}
