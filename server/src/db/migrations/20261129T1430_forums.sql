-- Forums (issue 17 §1): categories ordered by staff, threads and their posts (Markdown as
-- written plus the server's sanitised HTML), reactions, subscriptions and reports. Deleting is
-- for moderators and removes the rows; the audit trail keeps what was deleted and why.

CREATE TABLE forum_categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX forum_categories_name_idx ON forum_categories (lower(name));

CREATE TABLE forum_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  category_id uuid NOT NULL REFERENCES forum_categories (id),
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  title text NOT NULL,
  pinned_at timestamptz,
  locked_at timestamptz,
  hidden_at timestamptz,
  hidden_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_post_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED
);
CREATE INDEX forum_threads_list_idx ON forum_threads (category_id, last_post_at DESC);
CREATE INDEX forum_threads_latest_idx ON forum_threads (last_post_at DESC);
CREATE INDEX forum_threads_search_idx ON forum_threads USING gin (search);

CREATE TABLE forum_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL REFERENCES forum_threads (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  is_opening boolean NOT NULL DEFAULT false,
  source text NOT NULL,
  html text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  hidden_at timestamptz,
  hidden_reason text,
  search tsvector GENERATED ALWAYS AS (to_tsvector('english', source)) STORED
);
CREATE INDEX forum_posts_thread_idx ON forum_posts (thread_id, created_at);
CREATE UNIQUE INDEX forum_posts_opening_idx ON forum_posts (thread_id) WHERE is_opening;
CREATE INDEX forum_posts_search_idx ON forum_posts USING gin (search);

CREATE TABLE forum_reactions (
  post_id uuid NOT NULL REFERENCES forum_posts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reaction text NOT NULL CHECK (reaction IN ('like', 'heart', 'laugh', 'hooray', 'confused', 'eyes')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id, reaction)
);

CREATE TABLE forum_subscriptions (
  thread_id uuid NOT NULL REFERENCES forum_threads (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (thread_id, user_id)
);
CREATE INDEX forum_subscriptions_user_idx ON forum_subscriptions (user_id);

CREATE TABLE forum_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL REFERENCES forum_posts (id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reporter_name text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by_email text,
  outcome text CHECK (outcome IN ('dismissed', 'actioned')),
  note text
);
-- One open report per person and post.
CREATE UNIQUE INDEX forum_reports_open_idx ON forum_reports (post_id, reporter_id)
  WHERE resolved_at IS NULL;
CREATE INDEX forum_reports_queue_idx ON forum_reports (resolved_at, created_at);
