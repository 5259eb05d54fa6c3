import type { TCluster, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import type { K8sClusterRow } from './tables';

/** The only place a stored cluster becomes an API shape: the sealed credentials never leave. */
export function presentCluster(row: K8sClusterRow): TCluster {
  return {
    id: row.id,
    name: row.name,
    context: row.context,
    server: row.server,
    namespace: row.namespace,
    isInsecure: row.is_insecure,
    createdAt: row.created_at.toISOString(),
  };
}

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * A Secret without its values: `data` and `stringData` keep their keys with null values, and
 * kubectl's last-applied annotation (a full copy of the Secret) is removed. Other objects pass
 * through. Used by lists, single reads and the watch stream alike.
 */
export function redactObject(object: TK8sObject, isSecret = object.kind === 'Secret'): TK8sObject {
  if (!isSecret) return object;
  const out: TK8sObject = { ...object };
  for (const field of ['data', 'stringData'] as const) {
    const values = out[field];
    if (values && typeof values === 'object') {
      out[field] = Object.fromEntries(Object.keys(values).map((key) => [key, null]));
    }
  }
  const metadata = out.metadata as { annotations?: Record<string, string> } | undefined;
  if (metadata?.annotations && LAST_APPLIED in metadata.annotations) {
    const annotations = { ...metadata.annotations };
    delete annotations[LAST_APPLIED];
    out.metadata = { ...metadata, annotations };
  }
  return out;
}
