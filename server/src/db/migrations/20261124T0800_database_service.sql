-- The external PostgreSQL staff query from the admin panel (one row; the password is
-- AES-256-GCM ciphertext), its statement log (the newest 1000 are kept, §9), and the admin's
-- egress allow-list (one row).
CREATE TABLE database_config (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  server text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  database_name text NOT NULL,
  user_name text NOT NULL,
  password_secret text,
  ssl boolean NOT NULL DEFAULT false,
  connection_timeout_ms integer NOT NULL CHECK (connection_timeout_ms BETWEEN 500 AND 30000),
  is_connected boolean NOT NULL DEFAULT false,
  connected_at timestamptz,
  connected_by_email text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_email text
);

CREATE TABLE database_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_email text NOT NULL,
  action text NOT NULL
    CHECK (action IN ('test', 'connect', 'disconnect', 'query', 'create-schema', 'drop-schema')),
  statement text,
  params jsonb NOT NULL DEFAULT '[]',
  is_write boolean NOT NULL DEFAULT false,
  is_ok boolean NOT NULL,
  row_count integer,
  duration_ms integer NOT NULL,
  error text
);

CREATE TABLE egress_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  allow_list text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_email text
);
