import type { TK8sKind } from '@stratum/core/contract/k8s/cluster';

interface KindInfo {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
}

const KINDS: Record<TK8sKind, KindInfo> = {
  pods: { apiVersion: 'v1', kind: 'Pod', namespaced: true },
  namespaces: { apiVersion: 'v1', kind: 'Namespace', namespaced: false },
  nodes: { apiVersion: 'v1', kind: 'Node', namespaced: false },
  services: { apiVersion: 'v1', kind: 'Service', namespaced: true },
  configmaps: { apiVersion: 'v1', kind: 'ConfigMap', namespaced: true },
  secrets: { apiVersion: 'v1', kind: 'Secret', namespaced: true },
  events: { apiVersion: 'v1', kind: 'Event', namespaced: true },
  deployments: { apiVersion: 'apps/v1', kind: 'Deployment', namespaced: true },
  statefulsets: { apiVersion: 'apps/v1', kind: 'StatefulSet', namespaced: true },
  daemonsets: { apiVersion: 'apps/v1', kind: 'DaemonSet', namespaced: true },
  replicasets: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespaced: true },
  jobs: { apiVersion: 'batch/v1', kind: 'Job', namespaced: true },
  cronjobs: { apiVersion: 'batch/v1', kind: 'CronJob', namespaced: true },
  ingresses: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', namespaced: true },
};

export interface KindCollection extends KindInfo {
  /** The collection's API path, e.g. `/apis/apps/v1/namespaces/shop/deployments`. */
  path: string;
}

/** The collection path of a kind; no namespace (or a cluster-scoped kind) means every namespace. */
export function collectionOf(resource: TK8sKind, namespace?: string): KindCollection {
  const info = KINDS[resource];
  const base = info.apiVersion === 'v1' ? '/api/v1' : `/apis/${info.apiVersion}`;
  const scope =
    info.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return { ...info, path: `${base}${scope}/${resource}` };
}
