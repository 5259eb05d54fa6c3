import { queryOptions, useMutation } from '@tanstack/react-query';
import { validateConverted } from '@stratum/core/contract/converter/validate';
import { generateWithLlm } from '@stratum/core/contract/llm/generate';
import { getLlmStatus } from '@stratum/core/contract/llm/status';
import type { TConvertFile, TConvertWarning } from '@stratum/core/convert/types';
import { callApi } from '../../../lib/api-client';

/** GET /api/llm/status: whether a model is configured (the button shows only then). */
export const llmStatusQuery = queryOptions({
  queryKey: ['llm', 'status'],
  queryFn: ({ signal }) => callApi(getLlmStatus, { signal }),
  select: (r) => r.data,
  staleTime: 60_000,
});

export interface TAssistantAnswer {
  readonly files: readonly TConvertFile[];
  /** The validators' findings on the answer; empty when it validates. */
  readonly validation: readonly TConvertWarning[];
}

/** §7 generate with the prompt, then the answer's files through the converter's validators. */
export function useConvertRest() {
  return useMutation({
    mutationFn: async (prompt: string): Promise<TAssistantAnswer> => {
      const answer = await callApi(generateWithLlm, {
        body: { prompt, task: 'files' },
        timeoutMs: 180_000,
      });
      const files = answer.result.files;
      if (files.length === 0) return { files, validation: [] };
      const checked = await callApi(validateConverted, {
        body: { files: Object.fromEntries(files.map((f) => [f.path, f.content])) },
        timeoutMs: 120_000,
      });
      return { files, validation: checked.data.validation };
    },
  });
}
