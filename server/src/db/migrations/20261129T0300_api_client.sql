-- The API client (issue 12): each user's collections, environments and history of sent requests.

-- A collection is a versioned JSONB document (its own field `v`; core/src/api-client/model.ts)
-- with a revision for optimistic concurrency, as projects have. `name` and `request_count` are
-- copied from the document on every write, so the list never reads documents.
CREATE TABLE api_collections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  doc jsonb NOT NULL,
  request_count integer NOT NULL DEFAULT 0 CHECK (request_count >= 0),
  revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_collections_user_idx ON api_collections (user_id, updated_at DESC);

-- Variables in order as [{ key, value, secret, enabled }]; a secret's value is always '' there.
-- The secret values are one AES-256-GCM sealed JSON object { key: value } (lib/secrets.ts),
-- NULL when there are none; they never leave the server except through reveal to the owner.
CREATE TABLE api_environments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  variables jsonb NOT NULL DEFAULT '[]',
  sealed_secrets text,
  revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_environments_user_idx ON api_environments (user_id, name);

-- The last requests a user sent (the runner trims to 200 per user in the insert's transaction).
-- The request document as the editor held it, never a response body. `seq` orders entries
-- written within one clock tick.
CREATE TABLE api_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL,
  url text NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  request jsonb NOT NULL,
  collection_id uuid REFERENCES api_collections (id) ON DELETE SET NULL,
  item_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status IS NOT NULL OR error IS NOT NULL)
);
CREATE INDEX api_history_user_idx ON api_history (user_id, seq DESC);
