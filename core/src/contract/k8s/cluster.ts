import { z } from 'zod';
import { ZDateTime } from '../common';

/** Limits of the Kubernetes adapter (issue 11 §9); the server enforces them, the page shows them. */
export const K8S_LIMITS = {
  /** Clusters (contexts) one user may keep. */
  clustersPerUser: 20,
  /** The largest kubeconfig accepted, in bytes. */
  kubeconfigBytes: 256 * 1024,
  /** Largest page of a list. */
  listLimit: 500,
  /** Open watch + log streams and exec sockets per user, together. */
  streamsPerUser: 10,
  /** Every request to a cluster ends after this. */
  requestTimeoutMs: 15_000,
} as const;

/** The kinds the adapter lists, by their plural resource name (what the routes take). */
export const K8S_KINDS = [
  'pods',
  'namespaces',
  'nodes',
  'services',
  'configmaps',
  'secrets',
  'events',
  'deployments',
  'statefulsets',
  'daemonsets',
  'replicasets',
  'jobs',
  'cronjobs',
  'ingresses',
] as const;
export const ZK8sKind = z.enum(K8S_KINDS);
export type TK8sKind = z.infer<typeof ZK8sKind>;

/** A stored cluster (one kubeconfig context). Never carries a credential. */
export const ZCluster = z.object({
  id: z.uuid(),
  /** Defaults to the context name. */
  name: z.string(),
  context: z.string(),
  /** The API server URL. */
  server: z.string(),
  /** The context's namespace, or 'default'. */
  namespace: z.string(),
  /** True when TLS is not verified (insecure-skip-tls-verify); the page warns. */
  isInsecure: z.boolean(),
  createdAt: ZDateTime,
});
export type TCluster = z.infer<typeof ZCluster>;

/** A Kubernetes object as the cluster sent it (secret values removed). */
export const ZK8sObject = z.record(z.string(), z.unknown());
export type TK8sObject = z.infer<typeof ZK8sObject>;

export const ZListMeta = z.object({
  resourceVersion: z.string().optional(),
  continue: z.string().optional(),
  remainingItemCount: z.number().int().optional(),
});

export const ZClusterParams = z.object({ clusterId: z.uuid() });
