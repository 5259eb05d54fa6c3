-- The onboarding tour per project and user (spec §3): the step reached (0..3) and whether the
-- user dismissed it. Removing the project or the user removes the record.
CREATE TABLE onboarding_progress (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  step smallint NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 3),
  dismissed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX onboarding_progress_user_idx ON onboarding_progress (user_id);
