import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { K8S_LIMITS, ZK8sKind, ZK8sObject, ZListMeta } from './cluster';

/** A Kubernetes name or namespace (RFC 1123 label/subdomain, at most 253). */
const zK8sName = () =>
  z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'Not a Kubernetes name');

export const ZListResourcesQuery = z.object({
  /** Omitted: every namespace (or cluster-scoped kinds). */
  namespace: zK8sName().optional(),
  labelSelector: z.string().max(1024).optional(),
  fieldSelector: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(K8S_LIMITS.listLimit).default(K8S_LIMITS.listLimit),
  continue: z.string().max(4096).optional(),
});

/** §3 Kubernetes resource list response. Secrets carry their keys only, never the values. */
export const listResources = defineEndpoint({
  method: 'GET',
  path: '/api/k8/clusters/:clusterId/resources/:kind',
  summary: 'List Kubernetes objects of one kind',
  auth: true,
  params: z.object({ clusterId: z.uuid(), kind: ZK8sKind }),
  querystring: ZListResourcesQuery,
  response: z.object({
    success: z.literal(true),
    items: z.array(ZK8sObject),
    data: z.array(ZK8sObject),
    metadata: ZListMeta,
  }),
});

export const getPod = defineEndpoint({
  method: 'GET',
  path: '/api/k8/clusters/:clusterId/resources/pods/:namespace/:name',
  summary: 'Read one pod',
  auth: true,
  params: z.object({ clusterId: z.uuid(), namespace: zK8sName(), name: zK8sName() }),
  response: z.object({ success: z.literal(true), data: ZK8sObject }),
});

export const ZApplyQuery = z.object({
  /** 'true' sends dryRun=All: the server validates and admits, nothing is stored. */
  dryRun: z.enum(['true', 'false']).optional(),
});

export const ZAppliedObject = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  namespace: z.string().optional(),
  name: z.string(),
  result: z.enum(['created', 'configured', 'unchanged']),
});

/** Body: one or more YAML documents. Server-side apply, field manager `stratum`. */
export const applyManifests = defineEndpoint({
  method: 'POST',
  path: '/api/k8/clusters/:clusterId/apply',
  summary: 'Apply Kubernetes manifests (server-side apply)',
  auth: true,
  params: z.object({ clusterId: z.uuid() }),
  querystring: ZApplyQuery,
  body: z.string(),
  response: z.object({
    success: z.literal(true),
    data: z.object({
      isDryRun: z.boolean(),
      objects: z.array(ZAppliedObject),
      /** The API server's Warning headers. */
      warnings: z.array(z.string()),
    }),
  }),
  audit: { action: 'k8s.apply', target: 'k8s_cluster' },
});
