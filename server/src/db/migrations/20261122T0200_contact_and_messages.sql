-- Messages sent through the public contact form, and the per-recipient inbox the bell counts.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  handled_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX contact_messages_open_idx ON contact_messages (created_at DESC) WHERE handled_at IS NULL;

-- One row per recipient: a contact message reaches every staff member's inbox.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sender_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('contact', 'direct', 'system')),
  sender_name text NOT NULL,
  sender_email text,
  subject text NOT NULL,
  body text NOT NULL,
  contact_message_id uuid REFERENCES contact_messages (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX messages_recipient_idx ON messages (recipient_id, created_at DESC);
CREATE INDEX messages_unread_idx ON messages (recipient_id) WHERE read_at IS NULL;
