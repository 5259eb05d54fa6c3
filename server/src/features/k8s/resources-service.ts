import type { TK8sKind, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import type { z } from 'zod';
import type { ZListResourcesQuery } from '@stratum/core/contract/k8s/resources';
import type { ClusterConnector } from './connection';
import { k8sError } from './errors';
import { collectionPath, KINDS } from './kinds';
import { kubeRequest } from './kube-request';
import { redactObject } from './presenters';

type ListQuery = z.output<typeof ZListResourcesQuery>;

interface KubeList {
  metadata?: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  items?: TK8sObject[];
}

/** Reads from a user's cluster: lists per kind and single pods. */
export class ResourcesService {
  constructor(private readonly connector: ClusterConnector) {}

  /** §3 Kubernetes resource list response; secret values never leave the server. */
  async list(userId: string, clusterId: string, kind: TK8sKind, query: ListQuery) {
    const { kubeConfig } = await this.connector.open(userId, clusterId);
    let list: KubeList;
    try {
      const response = await kubeRequest(kubeConfig, {
        path: collectionPath(kind, query.namespace),
        query: {
          labelSelector: query.labelSelector,
          fieldSelector: query.fieldSelector,
          limit: query.limit,
          continue: query.continue,
        },
      });
      list = response.json as KubeList;
    } catch (error) {
      throw k8sError('List', error);
    }
    // Items of a list carry no kind (only the list does), so secrets are known by the route;
    // each item gets its apiVersion and kind back, as kubectl prints them.
    const { group, version, kind: kindName } = KINDS[kind];
    const typeMeta = { apiVersion: group ? `${group}/${version}` : version, kind: kindName };
    const items = (list.items ?? []).map((item) =>
      redactObject({ ...typeMeta, ...item }, kind === 'secrets'),
    );
    const meta = list.metadata ?? {};
    return {
      items,
      data: items,
      metadata: {
        ...(meta.resourceVersion && { resourceVersion: meta.resourceVersion }),
        // Only the presence of a token means "more": an empty one is the last page.
        ...(meta.continue && { continue: meta.continue }),
        ...(typeof meta.remainingItemCount === 'number' && {
          remainingItemCount: meta.remainingItemCount,
        }),
      },
    };
  }

  async getPod(userId: string, clusterId: string, namespace: string, name: string) {
    const { kubeConfig } = await this.connector.open(userId, clusterId);
    try {
      const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`;
      return { data: (await kubeRequest(kubeConfig, { path })).json as TK8sObject };
    } catch (error) {
      throw k8sError('Get', error);
    }
  }
}
