import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TDriftChange, TDriftSummary, TPlanAction } from '@stratum/core/contract/drift/scans';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 20261129T0900_inventory.sql. */
export interface DriftConnectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  kind: 'aws';
  region: string;
  access_key_hint: string;
  endpoint: string | null;
  /** AES-256-GCM ciphertext of the key id, secret and session token; never leaves the server. */
  sealed_credentials: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type TActualKind = 'plan' | 'whatif' | 'driftctl' | 'snapshot' | 'aws' | 'k8s';

export interface DriftScansTable {
  id: Generated<string>;
  user_id: string;
  source_id: string | null;
  project_id: string | null;
  actual_kind: TActualKind;
  trigger: 'manual' | 'schedule';
  summary: Json<TDriftSummary>;
  changes: Json<TDriftChange[]>;
  checked_types: Json<string[]>;
  not_checked_types: Json<string[]>;
  noise: Json<{ rule: string; count: number }[]>;
  ignored: number;
  warnings: ColumnType<string[], string | undefined, string>;
  plan_actions: ColumnType<TPlanAction[], string | undefined, string>;
  since_previous: ColumnType<
    { scanId: string; appeared: string[]; resolved: string[] } | null,
    string | null,
    string | null
  >;
  created_at: Timestamp;
}

export interface DriftIgnoreRulesTable {
  id: Generated<string>;
  user_id: string;
  source_id: string | null;
  address_pattern: string | null;
  resource_type: string | null;
  attribute_path: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface DriftSchedulesTable {
  id: Generated<string>;
  user_id: string;
  source_id: string;
  actual_kind: 'aws' | 'k8s';
  target_id: string;
  interval_minutes: number;
  notify: 'always' | 'on-change' | 'never';
  last_run_at: Timestamp | null;
  last_scan_id: string | null;
  last_error: string | null;
  next_run_at: Timestamp;
  created_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type DriftTables = {
  drift_connections: DriftConnectionsTable;
  drift_scans: DriftScansTable;
  drift_ignore_rules: DriftIgnoreRulesTable;
  drift_schedules: DriftSchedulesTable;
};

export type ConnectionRow = Selectable<DriftConnectionsTable>;
export type ScanRow = Selectable<DriftScansTable>;
export type IgnoreRuleRow = Selectable<DriftIgnoreRulesTable>;
export type ScheduleRow = Selectable<DriftSchedulesTable>;

export const withDriftTables = (db: Db) => db.withTables<DriftTables>();
export type DriftDb = ReturnType<typeof withDriftTables>;
