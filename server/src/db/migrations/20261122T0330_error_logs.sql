-- Errors the web app reports (§3 Error log); the server keeps the newest 10,000.
CREATE TABLE error_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reported_at timestamptz NOT NULL,
  level text NOT NULL CHECK (level IN ('debug', 'info', 'warn', 'error', 'fatal')),
  message text NOT NULL,
  stack text,
  user_agent text,
  url text,
  component text,
  action text,
  metadata jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ip text
);
CREATE INDEX error_logs_received_idx ON error_logs (received_at DESC);
