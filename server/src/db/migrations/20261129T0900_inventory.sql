-- Inventory, CMDB graph and drift (issue 14). Everything belongs to one user: a user sees only
-- their own sources, assets, scans, rules, schedules and connections.
--
-- Storage of a source: the file's text is NOT kept (a state is up to 50 MB and most of it is the
-- attributes the instances carry anyway). What an import parsed is kept per version: the counts,
-- warnings, hash and Terraform metadata in `inventory_versions`, and every instance (managed and
-- data, with its attributes, sensitive paths, dependencies and references) as a row of
-- `inventory_instances`, so the assets, the graph (core buildGraph) and the comparison between
-- versions are rebuilt from rows. The newest 20 versions of a source are kept; older ones are
-- deleted with their instances.

CREATE TABLE inventory_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('tfstate', 'plan', 'whatif', 'driftctl', 'csv')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_sources_user_idx ON inventory_sources (user_id, updated_at DESC);

CREATE TABLE inventory_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid NOT NULL REFERENCES inventory_sources (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  -- Only the newest version of a source is current (assets and the graph read it).
  is_current boolean NOT NULL DEFAULT false,
  imported_at timestamptz NOT NULL DEFAULT now(),
  bytes bigint NOT NULL CHECK (bytes >= 0),
  sha256 text NOT NULL,
  counts jsonb NOT NULL,
  warnings jsonb NOT NULL DEFAULT '[]',
  outputs jsonb NOT NULL DEFAULT '[]',
  terraform_version text,
  serial bigint,
  lineage text,
  origin text NOT NULL CHECK (origin IN ('upload', 'refresh', 'api')),
  UNIQUE (source_id, version)
);
CREATE UNIQUE INDEX inventory_versions_one_current_idx ON inventory_versions (source_id)
  WHERE is_current;

-- One parsed instance of one version. user_id, source_id and is_current are copied from the
-- version so the assets list (current, managed rows of one user) filters on one table.
CREATE TABLE inventory_instances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  version_id uuid NOT NULL REFERENCES inventory_versions (id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES inventory_sources (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_current boolean NOT NULL,
  ord integer NOT NULL,
  address text NOT NULL,
  module text,
  mode text NOT NULL CHECK (mode IN ('managed', 'data')),
  type text NOT NULL,
  name text NOT NULL,
  provider text,
  cloud text,
  region text,
  cloud_id text,
  display_name text NOT NULL,
  tags jsonb NOT NULL DEFAULT '{}',
  attributes jsonb NOT NULL DEFAULT '{}',
  sensitive_paths jsonb NOT NULL DEFAULT '[]',
  dependencies jsonb NOT NULL DEFAULT '[]',
  refs jsonb NOT NULL DEFAULT '[]',
  action text,
  -- Plans: `previous_address` of a moved instance and `action_reason`.
  previous_address text,
  action_reason text,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX inventory_instances_version_idx ON inventory_instances (version_id, ord);
CREATE INDEX inventory_instances_history_idx ON inventory_instances (source_id, address);
-- The assets: a user's current managed instances, by each sortable and filterable column.
CREATE INDEX inventory_assets_address_idx ON inventory_instances (user_id, address)
  WHERE is_current AND mode = 'managed';
CREATE INDEX inventory_assets_type_idx ON inventory_instances (user_id, type)
  WHERE is_current AND mode = 'managed';
CREATE INDEX inventory_assets_cloud_idx ON inventory_instances (user_id, cloud)
  WHERE is_current AND mode = 'managed';
CREATE INDEX inventory_assets_region_idx ON inventory_instances (user_id, region)
  WHERE is_current AND mode = 'managed';
CREATE INDEX inventory_assets_source_idx ON inventory_instances (source_id, address)
  WHERE is_current AND mode = 'managed';
CREATE INDEX inventory_assets_tags_idx ON inventory_instances USING gin (tags jsonb_path_ops)
  WHERE is_current AND mode = 'managed';

-- A source refreshed on a schedule from a URL or a state backend. `location` is the object
-- without credentials; the credentials are one AES-256-GCM sealed JSON (never answered back).
CREATE TABLE inventory_refresh (
  source_id uuid PRIMARY KEY REFERENCES inventory_sources (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('url', 's3', 'azureblob', 'gcs')),
  config jsonb NOT NULL,
  location text NOT NULL,
  sealed_credentials text,
  interval_minutes integer NOT NULL CHECK (interval_minutes BETWEEN 15 AND 10080),
  last_run_at timestamptz,
  last_result text,
  last_ok boolean,
  next_run_at timestamptz NOT NULL
);
CREATE INDEX inventory_refresh_due_idx ON inventory_refresh (next_run_at);

-- Cloud credentials for live reads (AWS), sealed like the refresh credentials.
CREATE TABLE drift_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('aws')),
  region text NOT NULL,
  access_key_hint text NOT NULL,
  endpoint text,
  sealed_credentials text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX drift_connections_user_idx ON drift_connections (user_id, created_at DESC);

-- A scan's whole result is kept (changes with recommendations); what a user is shown of it is
-- decided by their plan when it is read.
CREATE TABLE drift_scans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_id uuid REFERENCES inventory_sources (id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects (id) ON DELETE SET NULL,
  actual_kind text NOT NULL CHECK (actual_kind IN ('plan', 'whatif', 'driftctl', 'snapshot', 'aws', 'k8s')),
  trigger text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  summary jsonb NOT NULL,
  changes jsonb NOT NULL,
  checked_types jsonb NOT NULL,
  not_checked_types jsonb NOT NULL,
  noise jsonb NOT NULL,
  ignored integer NOT NULL DEFAULT 0,
  since_previous jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drift_scans_user_idx ON drift_scans (user_id, created_at DESC);
CREATE INDEX drift_scans_source_idx ON drift_scans (source_id, created_at DESC);

CREATE TABLE drift_ignore_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_id uuid REFERENCES inventory_sources (id) ON DELETE CASCADE,
  address_pattern text,
  resource_type text,
  attribute_path text,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (address_pattern IS NOT NULL OR resource_type IS NOT NULL OR attribute_path IS NOT NULL)
);
CREATE INDEX drift_ignore_rules_user_idx ON drift_ignore_rules (user_id, created_at);

-- Scheduled scans. Every server process runs a timer; a due row is claimed with
-- FOR UPDATE SKIP LOCKED and its next_run_at moved on in the same statement, so two processes
-- never run the same schedule twice.
CREATE TABLE drift_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_id uuid NOT NULL REFERENCES inventory_sources (id) ON DELETE CASCADE,
  actual_kind text NOT NULL CHECK (actual_kind IN ('aws', 'k8s')),
  target_id uuid NOT NULL,
  interval_minutes integer NOT NULL CHECK (interval_minutes BETWEEN 15 AND 10080),
  notify text NOT NULL CHECK (notify IN ('always', 'on-change', 'never')),
  last_run_at timestamptz,
  last_scan_id uuid REFERENCES drift_scans (id) ON DELETE SET NULL,
  last_error text,
  next_run_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drift_schedules_due_idx ON drift_schedules (next_run_at);
CREATE INDEX drift_schedules_user_idx ON drift_schedules (user_id, created_at);
