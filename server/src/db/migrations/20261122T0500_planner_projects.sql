-- The planner: projects (the planner state as a versioned JSONB document with a revision for
-- optimistic concurrency), their generations, version snapshots and simulated deployments.
CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The planner state; its own field `v` names the document version (core/src/contract/planner).
  state jsonb NOT NULL,
  revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_user_idx ON projects (user_id, updated_at DESC);

CREATE TABLE project_generations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('terraform', 'bicep', 'arm')),
  layout text NOT NULL,
  options jsonb NOT NULL,
  revision integer NOT NULL,
  files jsonb NOT NULL,
  report jsonb NOT NULL,
  file_count integer NOT NULL,
  warning_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_generations_project_idx ON project_generations (project_id, created_at DESC);

CREATE TABLE project_snapshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('manual', 'auto')),
  description text NOT NULL DEFAULT '',
  tags jsonb NOT NULL DEFAULT '[]',
  data jsonb NOT NULL,
  revision integer NOT NULL,
  generation_id uuid REFERENCES project_generations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_snapshots_project_idx ON project_snapshots (project_id, created_at DESC);

-- A simulated execution: its status and logs are derived from started_at and
-- rollback_requested_at when read, so no timer runs and a restart changes nothing.
CREATE TABLE project_deployments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('aws', 'azure', 'gcp', 'oci')),
  environment text NOT NULL CHECK (environment IN ('dev', 'staging', 'prod')),
  revision integer NOT NULL,
  resources jsonb NOT NULL,
  cost_summary jsonb NOT NULL,
  started_at timestamptz NOT NULL,
  rollback_requested_at timestamptz,
  CHECK (rollback_requested_at IS NULL OR rollback_requested_at >= started_at)
);
CREATE INDEX project_deployments_project_idx ON project_deployments (project_id, started_at DESC);
