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

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type K8sTables = { k8s_clusters: K8sClustersTable };

export type K8sClusterRow = Selectable<K8sClustersTable>;

/** The app's database seen with this feature's table too. */
export const withK8sTables = (db: Db) => db.withTables<K8sTables>();
