import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startDeployment } from '@stratum/core/contract/planner/start-deployment';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** POST /api/projects/:id/deployments: starts a simulated deployment of the saved design. */
export function useStartDeployment(projectId: string, saveFirst: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (environment: string) => {
      await saveFirst();
      return callApi(startDeployment, { params: { id: projectId }, body: { environment } }).then(
        (r) => r.data.deployment,
      );
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: plannerKeys.deployments(projectId) }),
  });
}
