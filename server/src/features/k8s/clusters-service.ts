import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import type { Db } from '../../db/database';
import { EgressRefusedError, type EgressPolicy } from '../../lib/egress';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { encryptSecret } from '../../lib/secrets';
import { CLUSTER_NOT_FOUND, type ClusterConnector } from './connection';
import { parseKubeconfig, type KubeContextEntry } from './kubeconfig';
import { presentCluster } from './presenters';
import * as repo from './repository';

export interface ClustersDeps {
  db: Db;
  egress: EgressPolicy;
  encryptionKey: Buffer;
  connector: ClusterConnector;
}

/** A user's stored clusters: paste, list, delete. Nothing here is visible to anyone else. */
export class ClustersService {
  constructor(private readonly deps: ClustersDeps) {}

  async list(userId: string) {
    return (await repo.listClusters(this.deps.db, userId)).map(presentCluster);
  }

  /**
   * Stores one cluster per context of the kubeconfig, or nothing: every field is checked and
   * every server's address is put to the egress policy before the first write. A context with
   * the same name and server as a stored one replaces it (same id, new credentials).
   */
  async paste(actor: AuditActor, text: string) {
    const userId = actor.id;
    const { contexts, warnings } = parseKubeconfig(text);
    await this.checkServers(contexts);
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, userId);
      const existing = await repo.listClusters(trx, userId);
      const saved = [];
      for (const entry of contexts) {
        saved.push(
          await repo.upsertCluster(trx, userId, {
            name: nameFor(entry, existing),
            context: entry.context,
            server: entry.cluster.server,
            namespace: entry.namespace,
            is_insecure: entry.cluster.skipTLSVerify,
            sealed_credentials: encryptSecret(this.deps.encryptionKey, JSON.stringify(entry)),
          }),
        );
      }
      const count = await repo.countClusters(trx, userId);
      if (count > K8S_LIMITS.clustersPerUser) {
        // Thrown inside the transaction: nothing of this paste is kept.
        throw new AppError(
          'k8s/too_many_clusters',
          `You can keep at most ${K8S_LIMITS.clustersPerUser} clusters; this kubeconfig would make ${count}. Delete some first.`,
        );
      }
      const recorded = new Set<string>();
      for (const row of saved) {
        if (recorded.has(row.id)) continue;
        recorded.add(row.id);
        // Name, context and server only: the credentials stay sealed and out of the trail.
        await writeAudit(trx, actor, {
          action: 'k8s.clusters.add',
          targetType: 'k8s_cluster',
          targetId: row.id,
          after: { name: row.name, context: row.context, server: row.server },
        });
      }
      return saved;
    });
    for (const row of rows) this.deps.connector.forget(row.id);
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        context: row.context,
        server: row.server,
      })),
      warnings,
    };
  }

  async remove(actor: AuditActor, clusterId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteCluster(trx, actor.id, clusterId))) {
        throw new AppError('k8s/cluster_not_found', CLUSTER_NOT_FOUND);
      }
      await writeAudit(trx, actor, {
        action: 'k8s.clusters.delete',
        targetType: 'k8s_cluster',
        targetId: clusterId,
      });
    });
    this.deps.connector.forget(clusterId);
  }

  /** Each distinct server is resolved and checked once; the first refusal names its field. */
  private async checkServers(contexts: KubeContextEntry[]): Promise<void> {
    const checked = new Set<string>();
    for (const { cluster } of contexts) {
      if (checked.has(cluster.server)) continue;
      checked.add(cluster.server);
      const url = new URL(cluster.server);
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      try {
        await this.deps.egress.check(url.hostname.replace(/^\[|\]$/g, ''), port);
      } catch (error) {
        if (!(error instanceof EgressRefusedError)) throw error;
        throw new AppError(
          'k8s/kubeconfig_refused',
          `clusters "${cluster.name}" server ${cluster.server} is not allowed: ${error.message}`,
        );
      }
    }
  }
}

/**
 * The context's name; when another stored cluster of the user already has that name (the same
 * context name on another server, e.g. two k3s "default"s), the server's host is added.
 */
function nameFor(entry: KubeContextEntry, existing: repo.ExistingCluster[]): string {
  const isTaken = existing.some(
    (row) =>
      row.name === entry.context &&
      !(row.context === entry.context && row.server === entry.cluster.server),
  );
  return isTaken ? `${entry.context} (${new URL(entry.cluster.server).host})` : entry.context;
}
