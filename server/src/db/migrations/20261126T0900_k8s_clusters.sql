-- Kubernetes clusters a user pasted (issue 11): one row per kubeconfig context. The cluster,
-- user and context entries are one AES-256-GCM sealed JSON that never leaves the server.
-- Re-pasting a context with the same name and server replaces its row (same id).
CREATE TABLE k8s_clusters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  context text NOT NULL,
  server text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  is_insecure boolean NOT NULL DEFAULT false,
  sealed_credentials text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, context, server)
);

CREATE INDEX k8s_clusters_user_created ON k8s_clusters (user_id, created_at DESC);
