-- Costing (issue 13): an admin's imports of the providers' own price lists. Each import is a
-- dated version with its rows; the book in force is the seed (a file the product ships) with
-- the rows of `price_book_rows` laid over it (server/src/features/costing/book-service.ts).

CREATE SEQUENCE price_book_revision;

-- One import of one file (or URL) for one cloud. `waiting`: created, no byte read yet;
-- `running`: reading (progress in bytes_read / byte_size and rows_read, heartbeat updated_at);
-- `completed` or `failed` (error says what and where). `book_revision` is set when a completed
-- import changed the book in force (an import that changes nothing is recorded, not applied).
CREATE TABLE price_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  cloud text NOT NULL CHECK (cloud IN ('aws', 'azure', 'gcp', 'oci')),
  format text NOT NULL,
  file_name text NOT NULL,
  source_url text,
  byte_size bigint CHECK (byte_size >= 0),
  bytes_read bigint NOT NULL DEFAULT 0,
  records_read integer NOT NULL DEFAULT 0,
  rows_kept integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'running', 'completed', 'failed')),
  error text,
  as_of text CHECK (as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  title text,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  -- [{ reason, count }], the most frequent first; notes: what the mapping could not price.
  skipped_reasons jsonb NOT NULL DEFAULT '[]',
  notes jsonb NOT NULL DEFAULT '[]',
  book_revision bigint UNIQUE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX price_imports_cloud_idx ON price_imports (cloud, seq DESC);
-- One import at a time per cloud (a stale one is failed before a new one starts).
CREATE UNIQUE INDEX price_imports_one_open_idx ON price_imports (cloud)
  WHERE status IN ('waiting', 'running');

-- Dates are ISO text (YYYY-MM-DD), as the book carries them: no time zone can shift them.

-- The rows an import read (staged while it runs; kept afterwards as that version's prices).
CREATE TABLE price_import_rows (
  import_id uuid NOT NULL REFERENCES price_imports (id) ON DELETE CASCADE,
  family text NOT NULL,
  sku text NOT NULL,
  region text NOT NULL,
  unit text NOT NULL,
  price double precision NOT NULL CHECK (price >= 0),
  as_of text NOT NULL CHECK (as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  locator text NOT NULL,
  attrs jsonb,
  note text,
  derived boolean NOT NULL DEFAULT false,
  PRIMARY KEY (import_id, family, sku, region)
);

-- The imported layer of the book in force: for each (cloud, family, region) an import covers,
-- its rows replace what earlier imports said there; the seed fills every key no import has.
CREATE TABLE price_book_rows (
  cloud text NOT NULL,
  family text NOT NULL,
  sku text NOT NULL,
  region text NOT NULL,
  unit text NOT NULL,
  price double precision NOT NULL,
  as_of text NOT NULL CHECK (as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  locator text NOT NULL,
  attrs jsonb,
  note text,
  derived boolean NOT NULL DEFAULT false,
  import_id uuid NOT NULL REFERENCES price_imports (id),
  PRIMARY KEY (cloud, family, sku, region)
);

-- What an import changed in the book in force, against the version before it.
CREATE TABLE price_import_changes (
  import_id uuid NOT NULL REFERENCES price_imports (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('added', 'changed', 'removed')),
  family text NOT NULL,
  sku text NOT NULL,
  region text NOT NULL,
  unit text NOT NULL,
  old_price double precision,
  old_unit text,
  old_source text,
  old_as_of text,
  new_price double precision,
  new_source text,
  new_as_of text,
  PRIMARY KEY (import_id, family, sku, region)
);
CREATE INDEX price_import_changes_kind_idx ON price_import_changes (import_id, kind);
