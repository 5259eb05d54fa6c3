-- Single-use tickets that let a browser open an event stream or socket (it cannot set headers).
-- Only a keyed hash is stored; a row is deleted when redeemed, so a ticket works once.
CREATE TABLE stream_tickets (
  ticket_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stream_tickets_expires_at_idx ON stream_tickets (expires_at);
