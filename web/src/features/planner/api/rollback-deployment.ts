import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollbackDeployment } from '@stratum/core/contract/planner/rollback-deployment';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** POST …/deployments/:deploymentId/rollback: once, after completion. */
export function useRollbackDeployment(projectId: string, deploymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(rollbackDeployment, { params: { id: projectId, deploymentId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: plannerKeys.deployment(projectId, deploymentId) }),
  });
}
