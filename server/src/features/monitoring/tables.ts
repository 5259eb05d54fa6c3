import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TCheckKind, TCheckTarget } from '@stratum/core/contract/monitoring/check';
import type { TCheckState } from '@stratum/core/monitoring/state';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 20261129T1401_monitoring.sql. */
export interface MonitorChecksTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  kind: TCheckKind;
  /** HTTP targets carry header names only here; their values are in `headers_secret`. */
  target: Json<TCheckTarget>;
  /** AES-256-GCM ciphertext of the HTTP headers (JSON); never in a log or audit entry. */
  headers_secret: string | null;
  interval_seconds: number;
  timeout_seconds: number;
  retries: number;
  is_paused: boolean;
  notify_email: boolean;
  webhook_url: string | null;
  /** AES-256-GCM ciphertext of the webhook's signing key. */
  webhook_secret: string | null;
  state: ColumnType<TCheckState, TCheckState | undefined, TCheckState>;
  fail_streak: Generated<number>;
  state_changed_at: Date | null;
  last_checked_at: Date | null;
  last_latency_ms: number | null;
  last_status_code: number | null;
  last_error: string | null;
  next_run_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MonitorResultsTable {
  id: Generated<number>;
  check_id: string;
  at: Timestamp;
  is_up: boolean;
  latency_ms: number | null;
  status_code: number | null;
  error: string | null;
}

export interface MonitorRollupsTable {
  check_id: string;
  hour: Timestamp;
  total: number;
  up: number;
  latency_avg: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface MonitorIncidentsTable {
  id: Generated<string>;
  check_id: string;
  user_id: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  cause: string;
  is_silenced: boolean;
}

export interface MonitorMaintenanceTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  check_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
}

export interface MonitorStatusPagesTable {
  user_id: string;
  slug: string;
  title: string;
  is_enabled: boolean;
  check_ids: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type MonitoringTables = {
  monitor_checks: MonitorChecksTable;
  monitor_results: MonitorResultsTable;
  monitor_rollups: MonitorRollupsTable;
  monitor_incidents: MonitorIncidentsTable;
  monitor_maintenance: MonitorMaintenanceTable;
  monitor_status_pages: MonitorStatusPagesTable;
};

export type CheckRow = Selectable<MonitorChecksTable>;
export type IncidentRow = Selectable<MonitorIncidentsTable>;
export type MaintenanceRow = Selectable<MonitorMaintenanceTable>;

/** The app's database seen with this feature's tables too. */
export const withMonitoringTables = (db: Db) => db.withTables<MonitoringTables>();
export type MonitoringDb = ReturnType<typeof withMonitoringTables>;
