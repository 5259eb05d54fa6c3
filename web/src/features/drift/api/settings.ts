import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  createConnection,
  deleteConnection,
  listConnections,
  type TAwsConnectionInput,
} from '@stratum/core/contract/drift/connections';
import type { ZDriftScheduleInput, ZIgnoreRuleInput } from '@stratum/core/contract/drift/scans';
import {
  createDriftSchedule,
  createIgnoreRule,
  deleteDriftSchedule,
  deleteIgnoreRule,
  listDriftSchedules,
  listIgnoreRules,
} from '@stratum/core/contract/drift/scans';
import { callApi } from '../../../lib/api-client';
import { driftKeys } from './scans';

export const rulesQuery = () =>
  queryOptions({
    queryKey: driftKeys.rules,
    queryFn: async ({ signal }) => (await callApi(listIgnoreRules, { signal })).data.items,
  });
export const schedulesQuery = () =>
  queryOptions({
    queryKey: driftKeys.schedules,
    queryFn: async ({ signal }) => (await callApi(listDriftSchedules, { signal })).data.items,
  });
export const connectionsQuery = () =>
  queryOptions({
    queryKey: driftKeys.connections,
    queryFn: async ({ signal }) => (await callApi(listConnections, { signal })).data.items,
  });

/** A create and a delete mutation that refresh one list. */
function useListMutation<TArg, TResult>(
  key: readonly unknown[],
  fn: (arg: TArg) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateRule = () =>
  useListMutation(driftKeys.rules, (body: z.input<typeof ZIgnoreRuleInput>) =>
    callApi(createIgnoreRule, { body }),
  );
export const useDeleteRule = () =>
  useListMutation(driftKeys.rules, (id: string) => callApi(deleteIgnoreRule, { params: { id } }));

export const useCreateSchedule = () =>
  useListMutation(driftKeys.schedules, (body: z.input<typeof ZDriftScheduleInput>) =>
    callApi(createDriftSchedule, { body }),
  );
export const useDeleteSchedule = () =>
  useListMutation(driftKeys.schedules, (id: string) =>
    callApi(deleteDriftSchedule, { params: { id } }),
  );

export const useCreateConnection = () =>
  useListMutation(driftKeys.connections, (body: TAwsConnectionInput) =>
    callApi(createConnection, { body }),
  );
export const useDeleteConnection = () =>
  useListMutation(driftKeys.connections, (id: string) =>
    callApi(deleteConnection, { params: { id } }),
  );
