import { useMutation } from '@tanstack/react-query';
import { generateSnippet, type TSnippetInput } from '@stratum/core/contract/api-client/snippet';
import { callApi } from '../../../lib/api-client';

/** POST /api/api-client/snippet: the request as code in one language (pro and above). */
export function useGenerateSnippet() {
  return useMutation({
    mutationFn: async (input: TSnippetInput) =>
      (await callApi(generateSnippet, { body: input })).data,
  });
}
