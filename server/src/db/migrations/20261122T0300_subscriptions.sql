-- Subscription record per user (§3), this month's generation count, and activation requests.
-- users.subscription_type stays the plan whose limits apply; a subscription row says how the
-- user got it and until when. "Pending" is not stored here: it is a pending activation request.
CREATE TABLE subscriptions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  plan_id text NOT NULL CHECK (plan_id IN ('free', 'pro', 'ultra-pro', 'enterprise')),
  status text NOT NULL CHECK (status IN ('active', 'cancelled')),
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  projects_created integer NOT NULL DEFAULT 0 CHECK (projects_created >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per user and calendar month (UTC): the monthly quota is counted here, atomically.
CREATE TABLE subscription_usage (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month date NOT NULL,
  generations_used integer NOT NULL DEFAULT 0 CHECK (generations_used >= 0),
  PRIMARY KEY (user_id, month)
);

CREATE TABLE activation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_email text NOT NULL,
  username text NOT NULL,
  requested_subscription text NOT NULL CHECK (requested_subscription IN ('pro', 'ultra-pro', 'enterprise')),
  requested_credits integer NOT NULL DEFAULT 0 CHECK (requested_credits >= 0),
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  processed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  processed_by_email text,
  processing_notes text,
  granted_plan text CHECK (granted_plan IN ('free', 'pro', 'ultra-pro', 'enterprise')),
  granted_credits integer,
  granted_duration integer
);
-- At most one request per user waits for staff.
CREATE UNIQUE INDEX activation_requests_one_pending_idx ON activation_requests (user_id) WHERE status = 'pending';
CREATE INDEX activation_requests_queue_idx ON activation_requests (status, created_at DESC);
