import { useQuery } from '@tanstack/react-query';
import { getLlmStatus } from '@stratum/core/contract/llm/status';
import { callApi } from '../../lib/api-client';

export const LLM_STATUS_KEY = ['llm', 'status'] as const;

/** Whether a model answers, which one, and the user's own key (as a hint). */
export function useLlmStatus() {
  return useQuery({
    queryKey: LLM_STATUS_KEY,
    queryFn: async () => (await callApi(getLlmStatus)).data,
  });
}
