-- Staff edits of the mail templates (absent: the built-in default) and the mailing configuration.
CREATE TABLE email_templates (
  id text PRIMARY KEY CHECK (id IN ('welcome', 'activation_request', 'subscription_activated')),
  subject text NOT NULL,
  html_content text NOT NULL,
  text_content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by_email text
);

-- A single row. `secrets` is AES-256-GCM ciphertext (SMTP password, connection string).
CREATE TABLE mailing_config (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  provider text NOT NULL CHECK (provider IN ('azure', 'smtp', 'sendgrid')),
  is_enabled boolean NOT NULL DEFAULT false,
  sender_email text NOT NULL,
  from_name text,
  reply_to text,
  smtp_host text,
  smtp_port integer CHECK (smtp_port BETWEEN 1 AND 65535),
  smtp_user text,
  smtp_secure boolean NOT NULL DEFAULT false,
  secrets text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_email text
);
