-- The manifests Stratum applied to a cluster (issue 14 §6): the newest one per object, so a drift
-- scan compares the live object with what was applied, field by field. Written after each real
-- (not dry-run) apply that the cluster accepted. A Secret's `data` and `stringData` values are kept
-- as their SHA-256 (`sha256:<hex>` of the decoded bytes), never in clear.
CREATE TABLE k8s_applied_manifests (
  cluster_id uuid NOT NULL REFERENCES k8s_clusters (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  api_version text NOT NULL,
  kind text NOT NULL,
  -- '' for cluster-scoped objects.
  namespace text NOT NULL DEFAULT '',
  name text NOT NULL,
  manifest jsonb NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cluster_id, kind, namespace, name)
);
