import { queryOptions } from '@tanstack/react-query';
import { getCmdbGraph } from '@stratum/core/contract/cmdb/graph';
import { listSources } from '@stratum/core/contract/inventory/sources';
import { callApi } from '../../../lib/api-client';

/** The same key as the Inventory page's list: one cache for both. */
export const cmdbSourcesQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'sources'],
    queryFn: async ({ signal }) => (await callApi(listSources, { signal })).data.items,
  });

export const graphQuery = (source: string) =>
  queryOptions({
    queryKey: ['cmdb', 'graph', source],
    queryFn: async ({ signal }) =>
      (await callApi(getCmdbGraph, { query: { source }, signal })).data,
  });
