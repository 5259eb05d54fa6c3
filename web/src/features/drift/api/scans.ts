import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getDriftPatch,
  getDriftScan,
  listDriftScans,
  runDriftScan,
  type TDriftScanBody,
} from '@stratum/core/contract/drift/scans';
import { listSources } from '@stratum/core/contract/inventory/sources';
import { listClusters } from '@stratum/core/contract/k8s/clusters';
import { callApi } from '../../../lib/api-client';

export const driftKeys = {
  all: ['drift'] as const,
  scans: (source: string | null) => ['drift', 'scans', source] as const,
  scan: (id: string) => ['drift', 'scan', id] as const,
  rules: ['drift', 'rules'] as const,
  schedules: ['drift', 'schedules'] as const,
  connections: ['drift', 'connections'] as const,
};

/** The Inventory page's list, under its key (one cache for both pages). */
export const driftSourcesQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'sources'],
    queryFn: async ({ signal }) => (await callApi(listSources, { signal })).data.items,
  });

export const driftClustersQuery = () =>
  queryOptions({
    queryKey: ['k8s', 'clusters'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(listClusters, { signal });
      return answer.items ?? answer.data ?? [];
    },
  });

export const scansQuery = (source: string | null) =>
  queryOptions({
    queryKey: driftKeys.scans(source),
    queryFn: async ({ signal }) =>
      (await callApi(listDriftScans, { query: source ? { source } : {}, signal })).data.items,
    placeholderData: keepPreviousData,
  });

export const scanQuery = (id: string) =>
  queryOptions({
    queryKey: driftKeys.scan(id),
    queryFn: async ({ signal }) => (await callApi(getDriftScan, { params: { id }, signal })).data,
  });

export function useRunScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TDriftScanBody) => (await callApi(runDriftScan, { body })).data,
    onSuccess: (scan) => {
      queryClient.setQueryData(driftKeys.scan(scan.id), scan);
      return queryClient.invalidateQueries({ queryKey: ['drift', 'scans'] });
    },
  });
}

/** Enterprise: the unified diff that reconciles a scan in the project's generated code. */
export async function fetchPatch(id: string) {
  return (await callApi(getDriftPatch, { params: { id } })).data;
}
