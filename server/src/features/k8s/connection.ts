import { createHash } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Db } from '../../db/database';
import type { EgressPolicy } from '../../lib/egress';
import { AppError } from '../../lib/errors';
import { decryptSecret } from '../../lib/secrets';
import type * as egressModule from './egress-kube-config';
import type { EgressKubeConfig } from './egress-kube-config';
import type { KubeContextEntry } from './kubeconfig';
import { findCluster } from './repository';

/** One user's cluster, ready to talk to (the seam of K-COMMON.md). */
export interface ClusterConnection {
  /** A client-node KubeConfig whose every connection goes through the egress policy. */
  kubeConfig: KubeConfig;
  /** The context's namespace, or 'default'. */
  namespace: string;
  clusterId: string;
}

/** The same, with what this feature's own requests need. */
export interface OpenCluster extends ClusterConnection {
  kubeConfig: EgressKubeConfig;
  server: string;
}

export interface ConnectorDeps {
  db: Db;
  egress: EgressPolicy;
  encryptionKey: Buffer;
}

/** A config is kept this long after its last use, so its connections (and TLS sessions) are reused. */
const IDLE_MS = 60_000;
const MAX_CACHED = 200;

export const CLUSTER_NOT_FOUND = 'Cluster not found';

/**
 * Opens a user's stored cluster. The row is read on every call (ownership and freshness are
 * never cached); the decrypted config and its connection pool are cached per cluster and
 * version for a minute, so a re-paste or a delete takes effect on the next request.
 */
export class ClusterConnector {
  private readonly cache = new Map<string, { config: EgressKubeConfig; lastUsed: number }>();
  private module: Promise<typeof egressModule> | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: ConnectorDeps) {
    this.sweeper = setInterval(() => this.sweep(Date.now() - IDLE_MS), IDLE_MS);
    this.sweeper.unref();
  }

  /** Throws `k8s/cluster_not_found` (404) unless the cluster exists and is the caller's. */
  async open(userId: string, clusterId: string): Promise<OpenCluster> {
    const row = await findCluster(this.deps.db, userId, clusterId);
    if (!row) throw new AppError('k8s/cluster_not_found', CLUSTER_NOT_FOUND);
    const key = `${row.id}:${createHash('sha256').update(row.sealed_credentials).digest('base64url')}`;
    let cached = this.cache.get(key);
    if (!cached) {
      const entry = JSON.parse(
        decryptSecret(this.deps.encryptionKey, row.sealed_credentials),
      ) as KubeContextEntry;
      // client-node is large: loaded on the first use of a cluster, not at server start.
      this.module ??= import('./egress-kube-config');
      const { EgressKubeConfig } = await this.module;
      this.forget(row.id);
      cached = { config: new EgressKubeConfig(entry, this.deps.egress), lastUsed: 0 };
      this.cache.set(key, cached);
      if (this.cache.size > MAX_CACHED) this.sweep(Infinity, MAX_CACHED / 2);
    }
    cached.lastUsed = Date.now();
    return {
      kubeConfig: cached.config,
      namespace: row.namespace,
      clusterId: row.id,
      server: row.server,
    };
  }

  /** Drops a cluster's cached config (deleted or replaced). */
  forget(clusterId: string): void {
    for (const [key, value] of this.cache) {
      if (key.startsWith(`${clusterId}:`)) {
        this.cache.delete(key);
        void value.config.close();
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const configs = [...this.cache.values()].map((c) => c.config);
    this.cache.clear();
    await Promise.all(configs.map((c) => c.close()));
  }

  /** Closes configs unused since `before`, oldest first, keeping at most `keep`. */
  private sweep(before: number, keep = MAX_CACHED): void {
    const entries = [...this.cache.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    let excess = entries.length - keep;
    for (const [key, value] of entries) {
      if (value.lastUsed >= before && excess <= 0) break;
      this.cache.delete(key);
      excess -= 1;
      // Streams still open on it keep their sockets; closing waits for them.
      void value.config.close();
    }
  }
}
