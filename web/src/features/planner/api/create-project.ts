import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProject } from '@stratum/core/contract/planner/create-project';
import type { TPlannerState } from '@stratum/core/contract/planner/planner-state';
import { callApi } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** POST /api/projects: the plan in this browser becomes a saved project (counted by the plan). */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; state: TPlannerState }) =>
      callApi(createProject, { body: input }).then((r) => r.data.project),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    },
  });
}
