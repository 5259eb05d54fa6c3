-- Tags with policies (issue 16 §5). A key or policy is the user's own (scope 'user', user_id
-- set) or the organisation's (scope 'org', user_id null, written by admins, read by everyone).

CREATE TABLE tag_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('user', 'org')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  description text NOT NULL DEFAULT '',
  "values" jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((scope = 'user') = (user_id IS NOT NULL))
);
CREATE UNIQUE INDEX tag_keys_own_key ON tag_keys (user_id, key) WHERE scope = 'user';
CREATE UNIQUE INDEX tag_keys_org_key ON tag_keys (key) WHERE scope = 'org';

CREATE TABLE tag_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('user', 'org')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  cloud text NOT NULL CHECK (cloud IN ('aws', 'azure', 'gcp', 'oci', 'any')),
  enforcement text NOT NULL CHECK (enforcement IN ('block', 'warn')),
  resource_types jsonb NOT NULL DEFAULT '[]',
  rules jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((scope = 'user') = (user_id IS NOT NULL))
);
CREATE INDEX tag_policies_user_idx ON tag_policies (user_id, created_at);
