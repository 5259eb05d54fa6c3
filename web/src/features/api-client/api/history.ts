import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TApiRequest } from '@stratum/core/api-client/model';
import { defineEndpoint } from '@stratum/core/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { historyEntryKey, HISTORY_KEY } from './keys';

/* GUESSED: h/store's history contracts were not written yet (list/get/delete/clear). */
export interface THistorySummary {
  id: string;
  method: string;
  url: string;
  status: number | null;
  durationMs: number | null;
  createdAt: string;
}
export interface THistoryEntry extends THistorySummary {
  request: TApiRequest;
}

const data = <T>() => z.object({ success: z.literal(true), data: z.custom<T>() });
const BASE = '/api/api-client/history';
const listHistory = defineEndpoint({
  method: 'GET',
  path: BASE,
  summary: '',
  auth: true,
  response: data<THistorySummary[]>(),
});
const getHistoryEntry = defineEndpoint({
  method: 'GET',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  response: data<THistoryEntry>(),
});
const deleteHistoryEntry = defineEndpoint({
  method: 'DELETE',
  path: `${BASE}/:id`,
  summary: '',
  auth: true,
  response: z.unknown(),
});
const clearHistory = defineEndpoint({
  method: 'DELETE',
  path: BASE,
  summary: '',
  auth: true,
  response: z.unknown(),
});

export const historyQuery = () =>
  queryOptions({
    queryKey: HISTORY_KEY,
    queryFn: async ({ signal }) => (await callApi(listHistory, { signal })).data,
  });

export const historyEntryQuery = (id: string) =>
  queryOptions({
    queryKey: historyEntryKey(id),
    queryFn: async ({ signal }) =>
      (await callApi(getHistoryEntry, { params: { id }, signal })).data,
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
