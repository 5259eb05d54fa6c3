import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withK8sTables, type K8sClusterRow } from './tables';

export type NewCluster = Pick<
  K8sClusterRow,
  'name' | 'context' | 'server' | 'namespace' | 'is_insecure' | 'sealed_credentials'
>;

export type ExistingCluster = Pick<K8sClusterRow, 'name' | 'context' | 'server'>;

/** The caller's clusters, newest first. Every query is scoped by `user_id`. */
export function listClusters(db: Db, userId: string): Promise<K8sClusterRow[]> {
  return withK8sTables(db)
    .selectFrom('k8s_clusters')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findCluster(
  db: Db,
  userId: string,
  clusterId: string,
): Promise<K8sClusterRow | undefined> {
  return withK8sTables(db)
    .selectFrom('k8s_clusters')
    .selectAll()
    .where('id', '=', clusterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Serialises pastes of one user (the 20-cluster cap is counted after the writes), by locking
 * the user's row until the transaction ends.
 */
export async function lockUser(trx: Db, userId: string): Promise<void> {
  await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
}

/** Inserts the context, or replaces the one with the same context name and server (same id). */
export function upsertCluster(trx: Db, userId: string, cluster: NewCluster): Promise<K8sClusterRow> {
  return withK8sTables(trx)
    .insertInto('k8s_clusters')
    .values({ user_id: userId, ...cluster })
    .onConflict((oc) =>
      oc.columns(['user_id', 'context', 'server']).doUpdateSet({
        name: cluster.name,
        namespace: cluster.namespace,
        is_insecure: cluster.is_insecure,
        sealed_credentials: cluster.sealed_credentials,
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countClusters(trx: Db, userId: string): Promise<number> {
  const row = await withK8sTables(trx)
    .selectFrom('k8s_clusters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when a row of this user was deleted. */
export async function deleteCluster(db: Db, userId: string, clusterId: string): Promise<boolean> {
  const result = await withK8sTables(db)
    .deleteFrom('k8s_clusters')
    .where('id', '=', clusterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
