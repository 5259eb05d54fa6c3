import { queryOptions } from '@tanstack/react-query';
import { getCmdbGraph } from '@stratum/core/contract/cmdb/graph';
import { listSources } from '@stratum/core/contract/inventory/sources';
import { listClusters } from '@stratum/core/contract/k8s/clusters';
import { callApi } from '../../../lib/api-client';

/** The same key as the Inventory page's list: one cache for both. */
export const cmdbSourcesQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'sources'],
    queryFn: async ({ signal }) => (await callApi(listSources, { signal })).data.items,
  });

/** The Clusters page's list, under its key. */
export const cmdbClustersQuery = () =>
  queryOptions({
    queryKey: ['k8s', 'clusters'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(listClusters, { signal });
      return answer.items ?? answer.data ?? [];
    },
  });

/** A source's graph, with a connected cluster's workloads (owners, selectors) when one is chosen. */
export const graphQuery = (source: string, cluster: string | null) =>
  queryOptions({
    queryKey: ['cmdb', 'graph', source, cluster],
    queryFn: async ({ signal }) =>
      (
        await callApi(getCmdbGraph, {
          // The explorer draws direct edges only: the same reachability, a fraction of the bytes.
          query: cluster ? { source, cluster, edges: 'direct' } : { source, edges: 'direct' },
          signal,
        })
      ).data,
  });
