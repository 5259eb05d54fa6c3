import { queryOptions, useMutation } from '@tanstack/react-query';
import type { TK8sKind } from '@stratum/core/contract/k8s/cluster';
import { applyManifests, listResources } from '@stratum/core/contract/k8s/resources';
import { callApi } from '../../../lib/api-client';
import { namespaceNames } from '../namespaces';
import { namespacesKey } from './keys';

export interface ListPageInput {
  clusterId: string;
  kind: TK8sKind;
  namespace?: string;
  labelSelector?: string;
  continueToken?: string;
  signal?: AbortSignal;
}

/** GET …/resources/{kind}: one page (at most 500); §3 reads the items from items or data. */
export async function fetchResourcePage(input: ListPageInput) {
  const query: Record<string, string> = {};
  if (input.namespace) query.namespace = input.namespace;
  if (input.labelSelector) query.labelSelector = input.labelSelector;
  if (input.continueToken) query.continue = input.continueToken;
  const answer = await callApi(listResources, {
    params: { clusterId: input.clusterId, kind: input.kind },
    query,
    signal: input.signal,
  });
  return {
    items: answer.items ?? answer.data ?? [],
    continueToken: answer.metadata?.continue || undefined,
    resourceVersion: answer.metadata?.resourceVersion,
  };
}

/** The namespaces of a cluster for the picker; §7: a failure gives an empty list. */
export const namespacesQuery = (clusterId: string) =>
  queryOptions({
    queryKey: namespacesKey(clusterId),
    queryFn: async ({ signal }) => {
      try {
        const page = await fetchResourcePage({ clusterId, kind: 'namespaces', signal });
        return namespaceNames(page.items);
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
  });

/** POST …/apply: server-side apply of YAML documents; `dryRun` sends dryRun=true. */
export function useApplyManifests() {
  return useMutation({
    mutationFn: (input: { clusterId: string; yaml: string; isDryRun: boolean }) =>
      callApi(applyManifests, {
        params: { clusterId: input.clusterId },
        query: input.isDryRun ? { dryRun: 'true' } : {},
        body: input.yaml,
        bodyAs: 'text',
      }),
  });
}
