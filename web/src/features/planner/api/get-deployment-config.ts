import { queryOptions } from '@tanstack/react-query';
import { getDeploymentConfig } from '@stratum/core/contract/planner/get-deployment-config';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/**
 * GET /api/projects/:id/deployments: the saved design priced for one of its environments (the
 * first when none is chosen), the environments it has, the history and the plan's gate.
 */
export const deploymentConfigQuery = (
  projectId: string,
  environment: string | undefined,
  saveFirst: () => Promise<void>,
) =>
  queryOptions({
    queryKey: plannerKeys.deploymentConfig(projectId, environment),
    queryFn: async ({ signal }) => {
      await saveFirst();
      return callApi(getDeploymentConfig, {
        params: { id: projectId },
        query: environment === undefined ? {} : { environment },
        signal,
      });
    },
    select: (response) => response.data,
  });
