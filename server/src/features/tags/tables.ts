import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TTagRule } from '@stratum/core/tags/model';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSONB: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string, string>;

/** Migration 20261129T1420_tags.sql. */
export interface TagKeysTable {
  id: Generated<string>;
  scope: 'user' | 'org';
  user_id: string | null;
  key: string;
  description: string;
  values: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagPoliciesTable {
  id: Generated<string>;
  scope: 'user' | 'org';
  user_id: string | null;
  name: string;
  description: string;
  cloud: 'aws' | 'azure' | 'gcp' | 'oci' | 'any';
  enforcement: 'block' | 'warn';
  resource_types: Json<string[]>;
  rules: Json<TTagRule[]>;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type TagTables = {
  tag_keys: TagKeysTable;
  tag_policies: TagPoliciesTable;
  inventory_instances: InventoryInstancesRead;
  inventory_sources: InventorySourcesRead;
};

export type TagKeyRow = Selectable<TagKeysTable>;
export type TagPolicyRow = Selectable<TagPoliciesTable>;

export const withTagTables = (db: Db) => db.withTables<TagTables>();
export type TagDb = ReturnType<typeof withTagTables>;

/**
 * The inventory's current instances, read (never written) for violations and where-used; the
 * inventory feature owns the table (migration 20261129T0900_inventory.sql).
 */
export interface InventoryInstancesRead {
  id: string;
  source_id: string;
  user_id: string;
  is_current: boolean;
  mode: 'managed' | 'data';
  address: string;
  type: string;
  cloud: string | null;
  tags: Json<Record<string, string>>;
  ord: number;
}
export interface InventorySourcesRead {
  id: string;
  user_id: string;
  name: string;
}
