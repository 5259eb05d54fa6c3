-- The inbox and sent box: a sending (one row per recipient) shares a send_id; each side
-- deletes its own copy.
ALTER TABLE messages
  ADD COLUMN send_id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN recipient_label text NOT NULL DEFAULT '',
  ADD COLUMN reply_to_id uuid REFERENCES messages (id) ON DELETE SET NULL,
  ADD COLUMN deleted_by_recipient_at timestamptz,
  ADD COLUMN deleted_by_sender_at timestamptz;
CREATE INDEX messages_send_id_idx ON messages (send_id);
CREATE INDEX messages_sent_idx ON messages (sender_id, created_at DESC) WHERE sender_id IS NOT NULL;
