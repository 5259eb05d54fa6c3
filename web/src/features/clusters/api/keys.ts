/** Every query of the Clusters page starts with this key. */
export const K8S_KEY = ['k8s'] as const;
export const CLUSTERS_KEY = [...K8S_KEY, 'clusters'] as const;

export const resourcesKey = (clusterId: string, kind: string, query: Record<string, string>) =>
  [...K8S_KEY, 'resources', clusterId, kind, query] as const;

export const namespacesKey = (clusterId: string) => [...K8S_KEY, 'namespaces', clusterId] as const;
