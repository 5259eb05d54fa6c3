-- Site notices (§3) and who dismissed which.
CREATE TABLE site_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  message text NOT NULL,
  type text NOT NULL CHECK (type IN ('info', 'warning', 'success', 'error')),
  is_active boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 0,
  dismissible boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX site_notices_live_idx ON site_notices (priority DESC, created_at DESC) WHERE is_active;

CREATE TABLE site_notice_dismissals (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notice_id uuid NOT NULL REFERENCES site_notices (id) ON DELETE CASCADE,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);
