-- The assistant (issue 15): the admin's model endpoint (one row), users' own keys, and every
-- prompt with its answer. Keys are AES-256-GCM sealed (lib/secrets), never stored in clear.
CREATE TABLE llm_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  base_url text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  api_key_sealed text,
  api_key_hint text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_email text
);

CREATE TABLE llm_user_keys (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  api_key_sealed text NOT NULL,
  api_key_hint text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE llm_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('chat', 'generate')),
  project_id uuid,
  prompt text NOT NULL,
  answer text NOT NULL DEFAULT '',
  model text,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'error')),
  error_code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_messages_user_created_idx ON llm_messages (user_id, created_at DESC);
