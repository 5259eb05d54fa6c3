import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateProject } from '@stratum/core/contract/planner/generate-project';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { fireSparkle } from '../../../components/sparkle';
import { callApi, isApiError } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/**
 * POST /api/projects/:id/generations with only the format. The server generates the saved
 * state, so `saveFirst` (the planner's `saveBeforeServerWork`) runs first and must succeed:
 * what is generated is what the user sees.
 */
export function useGenerateProject(projectId: string, saveFirst: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (format: TFormat) => {
      await saveFirst();
      return callApi(generateProject, { params: { id: projectId }, body: { format } });
    },
    onSuccess: () => {
      fireSparkle();
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
    onError: (error) => {
      if (isApiError(error, 'planner/quota_exceeded'))
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    },
  });
}
