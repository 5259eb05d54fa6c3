import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Db } from '../../db/database';

/** Migration 20261126T0900_k8s_clusters.sql. */
export interface K8sClustersTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  context: string;
  server: string;
  namespace: string;
  is_insecure: boolean;
  /** AES-256-GCM ciphertext of the cluster, user and context entries; never leaves the server. */
  sealed_credentials: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Migration 20261129T1000_k8s_applied_manifests.sql: the newest manifest applied per object. */
export interface K8sAppliedManifestsTable {
  cluster_id: string;
  user_id: string;
  api_version: string;
  kind: string;
  /** '' for a cluster-scoped object. */
  namespace: string;
  name: string;
  /** As applied; a Secret's data and stringData values as `sha256:<hex>`. */
  manifest: ColumnType<unknown, string, string>;
  applied_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type K8sTables = {
  k8s_clusters: K8sClustersTable;
  k8s_applied_manifests: K8sAppliedManifestsTable;
};

export type K8sClusterRow = Selectable<K8sClustersTable>;

/** The app's database seen with this feature's table too. */
export const withK8sTables = (db: Db) => db.withTables<K8sTables>();
