-- Vouchers (§3): the code is its 12 characters, without the display dashes.
CREATE TABLE vouchers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{12}$'),
  type text NOT NULL CHECK (type IN ('pro', 'ultra-pro', 'enterprise')),
  credits integer NOT NULL CHECK (credits >= 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  usage_limit integer NOT NULL CHECK (usage_limit > 0),
  -- The last line of defence of the race for the last use.
  times_used integer NOT NULL DEFAULT 0 CHECK (times_used >= 0 AND times_used <= usage_limit),
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_email text
);
CREATE INDEX vouchers_created_idx ON vouchers (created_at DESC);

CREATE TABLE voucher_usages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  voucher_id uuid NOT NULL REFERENCES vouchers (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_email text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now(),
  subscription_granted text NOT NULL,
  credits_granted integer NOT NULL,
  duration_granted integer NOT NULL,
  -- §5: a user may redeem a given voucher only once.
  UNIQUE (voucher_id, user_id)
);
