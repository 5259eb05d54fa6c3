import type { TGraph, TGraphEdge, TGraphNode } from '@stratum/core/contract/cmdb/graph';
import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import type { TImportWarning } from '@stratum/core/contract/inventory/model';

/** The workload kinds the graph reads from a cluster. */
export const GRAPH_KINDS = [
  'deployments',
  'statefulsets',
  'daemonsets',
  'replicasets',
  'jobs',
  'cronjobs',
  'pods',
  'services',
] as const;
export type TGraphKind = (typeof GRAPH_KINDS)[number];

/** One page of a kind's objects in a user's connected cluster (the Kubernetes adapter answers). */
export interface ClusterObjects {
  listPage(
    userId: string,
    clusterId: string,
    kind: TGraphKind,
    continueToken: string | undefined,
  ): Promise<{ items: TK8sObject[]; continue: string | undefined }>;
}

/** At most this many pages per kind (of the adapter's page size). */
const MAX_PAGES = 20;

async function listAll(
  reader: ClusterObjects,
  userId: string,
  clusterId: string,
  kind: TGraphKind,
) {
  const items: TK8sObject[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await reader.listPage(userId, clusterId, kind, token);
    items.push(...answer.items);
    token = answer.continue;
    if (!token) break;
  }
  return items;
}

interface Meta {
  uid?: string;
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  ownerReferences?: { uid?: string; kind?: string; name?: string }[];
}

const metaOf = (o: TK8sObject) => (o.metadata ?? {}) as Meta;

/**
 * A connected cluster's workloads as graph nodes, with `owner` edges (an object depends on its
 * owner: a Pod on its ReplicaSet, that on its Deployment) and `selector` edges (a Service
 * depends on the Pods its selector matches). An owner that was not listed becomes an external
 * node and a counted warning, as a state's missing targets do.
 */
export async function clusterGraph(
  reader: ClusterObjects,
  userId: string,
  clusterId: string,
): Promise<TGraph> {
  const prefix = `k8s:${clusterId}:`;
  // One kind after another: the adapter shares one connection per cluster.
  const objects: TK8sObject[] = [];
  for (const kind of GRAPH_KINDS) objects.push(...(await listAll(reader, userId, clusterId, kind)));
  const nodes = new Map<string, TGraphNode>();
  const edges: TGraphEdge[] = [];
  const missing: string[] = [];
  const pods: { id: string; namespace: string; labels: Record<string, string> }[] = [];
  for (const o of objects) {
    const meta = metaOf(o);
    if (!meta.uid || !meta.name) continue;
    const kind = typeof o.kind === 'string' ? o.kind : 'Object';
    const id = `${prefix}${meta.uid}`;
    nodes.set(id, {
      id,
      address: `${kind}/${meta.namespace ? `${meta.namespace}/` : ''}${meta.name}`,
      type: kind,
      provider: 'kubernetes',
      module: null,
      external: false,
      mode: 'k8s',
      cloud: null,
      assetId: null,
    });
    if (kind === 'Pod')
      pods.push({ id, namespace: meta.namespace ?? '', labels: meta.labels ?? {} });
  }
  for (const o of objects) {
    const meta = metaOf(o);
    if (!meta.uid) continue;
    const from = `${prefix}${meta.uid}`;
    for (const ref of meta.ownerReferences ?? []) {
      if (!ref.uid) continue;
      const to = `${prefix}${ref.uid}`;
      if (!nodes.has(to)) {
        const address = `${ref.kind ?? 'Object'}/${meta.namespace ? `${meta.namespace}/` : ''}${ref.name ?? ref.uid}`;
        nodes.set(to, {
          id: to,
          address,
          type: ref.kind ?? 'Object',
          provider: 'kubernetes',
          module: null,
          external: true,
          mode: 'k8s',
          cloud: null,
          assetId: null,
        });
        missing.push(address);
      }
      edges.push({ from, to, kind: 'owner' });
    }
    const selector = (o.spec as { selector?: unknown } | undefined)?.selector;
    if (o.kind === 'Service' && selector && typeof selector === 'object') {
      const wanted = Object.entries(selector as Record<string, string>);
      if (wanted.length === 0) continue;
      for (const pod of pods) {
        const isMatch =
          pod.namespace === (meta.namespace ?? '') && wanted.every(([k, v]) => pod.labels[k] === v);
        if (isMatch) edges.push({ from, to: pod.id, kind: 'selector' });
      }
    }
  }
  const warnings: TImportWarning[] =
    missing.length === 0
      ? []
      : [
          {
            code: 'k8s-owner-not-listed',
            message: 'Owners that were not among the listed workloads are shown as external nodes.',
            count: missing.length,
            examples: missing.slice(0, 20),
          },
        ];
  return { nodes: [...nodes.values()], edges, warnings };
}
