import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clearHistory,
  deleteHistoryEntry,
  getHistoryEntry,
  listHistory,
  type THistorySummary,
} from '@stratum/core/contract/api-client/history';
import { callApi } from '../../../lib/api-client';
import { historyEntryKey, HISTORY_KEY } from './keys';

export type { THistorySummary };

/** GET …/history: the last 200 sent requests, newest first. */
export const historyQuery = () =>
  queryOptions({
    queryKey: HISTORY_KEY,
    queryFn: async ({ signal }) => (await callApi(listHistory, { signal })).data.entries,
  });

/** GET …/history/:id: with the request document, to open again. */
export const historyEntryQuery = (id: string) =>
  queryOptions({
    queryKey: historyEntryKey(id),
    queryFn: async ({ signal }) =>
      (await callApi(getHistoryEntry, { params: { id }, signal })).data.entry,
    staleTime: Infinity,
  });

export function useDeleteHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteHistoryEntry, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(clearHistory),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}
