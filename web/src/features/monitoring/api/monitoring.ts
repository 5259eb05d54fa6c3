import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCheckInput } from '@stratum/core/contract/monitoring/check';
import {
  createCheck,
  deleteCheck,
  listChecks,
  runCheckNow,
  updateCheck,
} from '@stratum/core/contract/monitoring/checks';
import {
  createMaintenance,
  deleteMaintenance,
  listMaintenance,
  type TMaintenanceInput,
} from '@stratum/core/contract/monitoring/maintenance';
import {
  getCheckResults,
  listIncidents,
  type TResultRange,
} from '@stratum/core/contract/monitoring/results';
import {
  getPublicStatus,
  getStatusPageSettings,
  updateStatusPageSettings,
} from '@stratum/core/contract/monitoring/status-page';
import { listClusters } from '@stratum/core/contract/k8s/clusters';
import { callApi } from '../../../lib/api-client';

type CheckBody = z.input<typeof ZCheckInput>;

export const monitoringKeys = {
  all: ['monitoring'] as const,
  checks: ['monitoring', 'checks'] as const,
  results: (id: string, range: TResultRange) => ['monitoring', 'results', id, range] as const,
  incidents: (checkId: string | null) => ['monitoring', 'incidents', checkId] as const,
  maintenance: ['monitoring', 'maintenance'] as const,
  statusPage: ['monitoring', 'status-page'] as const,
};

/** The grid refreshes itself: checks run on the server every 30 s or more. */
const REFRESH_MS = 15_000;

export const checksQuery = () =>
  queryOptions({
    queryKey: monitoringKeys.checks,
    queryFn: async ({ signal }) => (await callApi(listChecks, { signal })).data.items,
    refetchInterval: REFRESH_MS,
  });

export const resultsQuery = (id: string, range: TResultRange) =>
  queryOptions({
    queryKey: monitoringKeys.results(id, range),
    queryFn: async ({ signal }) =>
      (await callApi(getCheckResults, { params: { id }, query: { range }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const incidentsQuery = (checkId: string | null) =>
  queryOptions({
    queryKey: monitoringKeys.incidents(checkId),
    queryFn: async ({ signal }) =>
      (await callApi(listIncidents, { query: checkId ? { checkId } : {}, signal })).data.items,
    refetchInterval: REFRESH_MS,
  });

export const maintenanceQuery = () =>
  queryOptions({
    queryKey: monitoringKeys.maintenance,
    queryFn: async ({ signal }) => (await callApi(listMaintenance, { signal })).data.items,
  });

export const statusPageQuery = () =>
  queryOptions({
    queryKey: monitoringKeys.statusPage,
    queryFn: async ({ signal }) => (await callApi(getStatusPageSettings, { signal })).data,
  });

export const publicStatusQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-status', slug],
    queryFn: async ({ signal }) =>
      (await callApi(getPublicStatus, { params: { slug }, signal })).data,
    refetchInterval: 60_000,
    retry: false,
  });

export const clustersQuery = () =>
  queryOptions({
    queryKey: ['k8s', 'clusters'],
    queryFn: async ({ signal }) => {
      const answer = await callApi(listClusters, { signal });
      return answer.items ?? answer.data ?? [];
    },
  });

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitoringKeys.all }),
  });
}

export const useSaveCheck = () =>
  useInvalidating(async ({ id, body }: { id: string | null; body: CheckBody }) =>
    id
      ? (await callApi(updateCheck, { params: { id }, body })).data
      : (await callApi(createCheck, { body })).data,
  );

export const useDeleteCheck = () =>
  useInvalidating(async (id: string) => callApi(deleteCheck, { params: { id } }));

export const useRunCheck = () =>
  useInvalidating(async (id: string) => (await callApi(runCheckNow, { params: { id } })).data);

export const useCreateMaintenance = () =>
  useInvalidating(
    async (body: TMaintenanceInput) => (await callApi(createMaintenance, { body })).data,
  );

export const useDeleteMaintenance = () =>
  useInvalidating(async (id: string) => callApi(deleteMaintenance, { params: { id } }));

export const useSaveStatusPage = () =>
  useInvalidating(
    async (body: { isEnabled: boolean; slug: string; title: string; checkIds: string[] }) =>
      (await callApi(updateStatusPageSettings, { body })).data,
  );
