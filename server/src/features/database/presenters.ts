import type {
  TDatabaseConfigView,
  TDatabaseState,
} from '@stratum/core/contract/database/database-config';
import type { TDatabaseLogEntry } from '@stratum/core/contract/database/list-database-log';
import type { DatabaseConfigRow, DatabaseLogRow } from './tables';

/** The only place the stored config becomes what a browser sees: the password becomes a flag. */
export function presentConfig(row: DatabaseConfigRow): TDatabaseConfigView {
  return {
    server: row.server,
    port: row.port,
    database: row.database_name,
    user: row.user_name,
    hasPassword: row.password_secret !== null,
    ssl: row.ssl,
    connectionTimeout: row.connection_timeout_ms,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_email,
  };
}

export function presentState(row: DatabaseConfigRow | undefined): TDatabaseState {
  return {
    isConnected: row?.is_connected ?? false,
    connectedAt: row?.connected_at?.toISOString() ?? null,
    connectedBy: row?.connected_by_email ?? null,
  };
}

export function presentLogEntry(row: DatabaseLogRow): TDatabaseLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorEmail: row.actor_email,
    action: row.action,
    statement: row.statement,
    params: row.params,
    isWrite: row.is_write,
    isOk: row.is_ok,
    rowCount: row.row_count,
    durationMs: row.duration_ms,
    error: row.error,
  };
}

/** Parameter values are never recorded: only what kind of value each was. */
export function redactParams(params: readonly unknown[]): string[] {
  return params.map((p) =>
    p === null ? 'null' : typeof p === 'string' ? `text(${p.length})` : typeof p,
  );
}
