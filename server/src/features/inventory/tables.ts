import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  TImportWarning,
  TSourceCounts,
  TSourceKind,
} from '@stratum/core/contract/inventory/model';
import type { TAttrPath } from '@stratum/core/contract/drift/scans';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

/** Migration 20261129T0900_inventory.sql. */
export interface InventorySourcesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  kind: TSourceKind;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InventoryVersionsTable {
  id: Generated<string>;
  source_id: string;
  version: number;
  is_current: ColumnType<boolean, boolean | undefined, boolean>;
  imported_at: Timestamp;
  bytes: number;
  sha256: string;
  counts: Json<TSourceCounts>;
  warnings: JsonDefault<TImportWarning[]>;
  outputs: JsonDefault<string[]>;
  terraform_version: string | null;
  serial: number | null;
  lineage: string | null;
  origin: 'upload' | 'refresh' | 'api';
}

export interface InventoryInstancesTable {
  id: Generated<string>;
  version_id: string;
  source_id: string;
  user_id: string;
  is_current: boolean;
  ord: number;
  address: string;
  module: string | null;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  provider: string | null;
  cloud: string | null;
  region: string | null;
  cloud_id: string | null;
  display_name: string;
  tags: Json<Record<string, string>>;
  attributes: Json<Record<string, unknown>>;
  sensitive_paths: Json<TAttrPath[]>;
  dependencies: Json<string[]>;
  refs: Json<string[]>;
  action: string | null;
  previous_address: string | null;
  action_reason: string | null;
  last_seen_at: Timestamp;
}

/** What a refresh reads, without credentials. */
export interface RefreshTarget {
  url?: string;
  bucket?: string;
  container?: string;
  key?: string;
  region?: string;
  /** An S3-, Azure Blob- or GCS-compatible service instead of the cloud's own host. */
  endpoint?: string;
}

export interface InventoryRefreshTable {
  source_id: string;
  user_id: string;
  kind: 'url' | 's3' | 'azureblob' | 'gcs';
  config: Json<RefreshTarget>;
  location: string;
  /** AES-256-GCM ciphertext of the credentials JSON; never leaves the server. */
  sealed_credentials: string | null;
  interval_minutes: number;
  last_run_at: Timestamp | null;
  last_result: string | null;
  last_ok: boolean | null;
  next_run_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type InventoryTables = {
  inventory_sources: InventorySourcesTable;
  inventory_versions: InventoryVersionsTable;
  inventory_instances: InventoryInstancesTable;
  inventory_refresh: InventoryRefreshTable;
};

export type SourceRow = Selectable<InventorySourcesTable>;
export type VersionRow = Selectable<InventoryVersionsTable>;
export type InstanceRow = Selectable<InventoryInstancesTable>;
export type RefreshRow = Selectable<InventoryRefreshTable>;

/** The app's database seen with this feature's tables too. */
export const withInventoryTables = (db: Db) => db.withTables<InventoryTables>();
export type InventoryDb = ReturnType<typeof withInventoryTables>;
