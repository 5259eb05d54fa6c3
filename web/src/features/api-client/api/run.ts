import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  runRequest,
  type TRunInput,
  type TRunResult,
  type TSendResultShape,
} from '@stratum/core/contract/api-client/run';
import { callApi } from '../../../lib/api-client';
import { HISTORY_KEY } from './keys';

export type { TRunInput, TRunResult };
export type TRunResponse = TSendResultShape;
export type TTimings = TSendResultShape['timings'];

/** Headers as name/value pairs in the order given (a repeated header once per value). */
export function headerPairs(headers: Record<string, string | string[]>): [string, string][] {
  return Object.entries(headers).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : [[name, value]],
  );
}

/**
 * POST /api/api-client/run. `signal` cancels it: the fetch is aborted and the server stops the
 * upstream request when its client goes. Each run lands in the history.
 */
export function useRunRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, signal }: { input: TRunInput; signal: AbortSignal }) =>
      (await callApi(runRequest, { body: input, signal })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}
