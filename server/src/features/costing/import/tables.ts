import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Db } from '../../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = string;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Migration 20261129T0600_price_imports.sql. */
export interface PriceImportsTable {
  id: Generated<string>;
  seq: ColumnType<number, never, never>;
  cloud: string;
  format: string;
  file_name: string;
  source_url: string | null;
  byte_size: number | null;
  bytes_read: Generated<number>;
  records_read: Generated<number>;
  rows_kept: Generated<number>;
  status: ColumnType<'waiting' | 'running' | 'completed' | 'failed', string | undefined, string>;
  error: string | null;
  as_of: ColumnType<string | null, string | null | undefined, string | null>;
  title: string | null;
  added: Generated<number>;
  changed: Generated<number>;
  unchanged: Generated<number>;
  removed: Generated<number>;
  skipped: Generated<number>;
  skipped_reasons: Json<{ reason: string; count: number }[]>;
  notes: Json<string[]>;
  book_revision: number | null;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

interface PriceRowColumns {
  family: string;
  sku: string;
  region: string;
  unit: string;
  price: number;
  as_of: DateOnly;
  locator: string;
  attrs: ColumnType<Record<string, string | number> | null, string | null, string | null>;
  note: string | null;
  derived: boolean;
}

export interface PriceImportRowsTable extends PriceRowColumns {
  import_id: string;
}

export interface PriceBookRowsTable extends PriceRowColumns {
  cloud: string;
  import_id: string;
}

export interface PriceImportChangesTable {
  import_id: string;
  kind: 'added' | 'changed' | 'removed';
  family: string;
  sku: string;
  region: string;
  unit: string;
  old_price: number | null;
  old_unit: string | null;
  old_source: string | null;
  old_as_of: DateOnly | null;
  new_price: number | null;
  new_source: string | null;
  new_as_of: DateOnly | null;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type PriceImportTables = {
  price_imports: PriceImportsTable;
  price_import_rows: PriceImportRowsTable;
  price_book_rows: PriceBookRowsTable;
  price_import_changes: PriceImportChangesTable;
};

export type PriceImportRow = Selectable<PriceImportsTable>;
export type PriceBookRow = Selectable<PriceBookRowsTable>;

/** The app's database seen with the price-import tables too. */
export const withPriceTables = (db: Db) => db.withTables<PriceImportTables>();
export type PriceDb = ReturnType<typeof withPriceTables>;
