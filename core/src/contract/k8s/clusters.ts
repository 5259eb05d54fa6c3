import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZCluster, ZClusterParams } from './cluster';

/** The caller's clusters, newest first, without credentials. §7: 'data' and 'items' both. */
export const listClusters = defineEndpoint({
  method: 'GET',
  path: '/api/k8/clusters',
  summary: 'List your Kubernetes clusters',
  auth: true,
  response: z.object({
    success: z.literal(true),
    data: z.array(ZCluster),
    items: z.array(ZCluster),
  }),
});

/**
 * Body: the kubeconfig as text (YAML or JSON; content type text/plain, application/yaml or
 * application/json sent as text). One cluster per context; hostile fields are refused with a 400
 * that names the field, and nothing is stored.
 */
export const pasteKubeconfig = defineEndpoint({
  method: 'POST',
  path: '/api/k8/clusters/paste-kubeconfig',
  summary: 'Add the clusters of a kubeconfig',
  auth: true,
  body: z.string(),
  response: z.object({
    success: z.literal(true),
    data: z.array(ZCluster.pick({ id: true, name: true, context: true, server: true })),
    /** E.g. a context that skips TLS verification. */
    warnings: z.array(z.string()),
  }),
  audit: { action: 'k8s.clusters.add', target: 'k8s_cluster' },
});

export const deleteCluster = defineEndpoint({
  method: 'DELETE',
  path: '/api/k8/clusters/:clusterId',
  summary: 'Remove a cluster and its stored credentials',
  auth: true,
  params: ZClusterParams,
  response: ZOk,
  audit: { action: 'k8s.clusters.delete', target: 'k8s_cluster' },
});
