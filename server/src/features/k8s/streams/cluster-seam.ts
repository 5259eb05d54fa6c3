import type { KubeConfig } from '@kubernetes/client-node';

/**
 * What the streams need from the adapter core (features/k8s/connection.ts): a cluster of the
 * caller's, opened through the egress policy. `open` throws `k8s/cluster_not_found` (404) for a
 * cluster that is not theirs.
 */
export interface StreamConnection {
  kubeConfig: KubeConfig;
  namespace: string;
  clusterId: string;
}

export interface StreamClusterOpener {
  open(userId: string, clusterId: string): Promise<StreamConnection>;
}
