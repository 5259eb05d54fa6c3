import type { TK8sKind } from '@stratum/core/contract/k8s/cluster';

export interface KindInfo {
  /** '' for the core group. */
  group: string;
  version: string;
  kind: string;
  isNamespaced: boolean;
}

/** Where each listed kind lives in the API (release 1.36). */
export const KINDS: Record<TK8sKind, KindInfo> = {
  pods: { group: '', version: 'v1', kind: 'Pod', isNamespaced: true },
  namespaces: { group: '', version: 'v1', kind: 'Namespace', isNamespaced: false },
  nodes: { group: '', version: 'v1', kind: 'Node', isNamespaced: false },
  services: { group: '', version: 'v1', kind: 'Service', isNamespaced: true },
  configmaps: { group: '', version: 'v1', kind: 'ConfigMap', isNamespaced: true },
  secrets: { group: '', version: 'v1', kind: 'Secret', isNamespaced: true },
  events: { group: '', version: 'v1', kind: 'Event', isNamespaced: true },
  deployments: { group: 'apps', version: 'v1', kind: 'Deployment', isNamespaced: true },
  statefulsets: { group: 'apps', version: 'v1', kind: 'StatefulSet', isNamespaced: true },
  daemonsets: { group: 'apps', version: 'v1', kind: 'DaemonSet', isNamespaced: true },
  replicasets: { group: 'apps', version: 'v1', kind: 'ReplicaSet', isNamespaced: true },
  jobs: { group: 'batch', version: 'v1', kind: 'Job', isNamespaced: true },
  cronjobs: { group: 'batch', version: 'v1', kind: 'CronJob', isNamespaced: true },
  ingresses: { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', isNamespaced: true },
};

/** `/api/v1` or `/apis/{group}/{version}`. */
export function groupVersionPath(group: string, version: string): string {
  return group ? `/apis/${group}/${version}` : `/api/${version}`;
}

/**
 * The collection path of a kind: every namespace when `namespace` is omitted, and always
 * cluster-wide for cluster-scoped kinds (a namespace given for them is ignored).
 */
export function collectionPath(kind: TK8sKind, namespace?: string): string {
  const info = KINDS[kind];
  const base = groupVersionPath(info.group, info.version);
  return info.isNamespaced && namespace
    ? `${base}/namespaces/${encodeURIComponent(namespace)}/${kind}`
    : `${base}/${kind}`;
}
