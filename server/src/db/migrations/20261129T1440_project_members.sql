-- Shared projects: the owner stays projects.user_id; everyone else a project is shared with is a
-- member here, as an editor (changes the design, snapshots, generates, deploys) or a viewer
-- (reads only). Deleting the project or the user removes the membership.
CREATE TABLE project_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('editor', 'viewer')),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, user_id)
);
CREATE INDEX project_members_user_idx ON project_members (user_id);

-- An invitation to an e-mail address with no account yet: applied when a user with that
-- (verified) address exists and opens their projects. Kept 30 days.
CREATE TABLE project_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('editor', 'viewer')),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days'
);
CREATE UNIQUE INDEX project_invitations_email_idx ON project_invitations (project_id, lower(email));
CREATE INDEX project_invitations_lookup_idx ON project_invitations (lower(email));
