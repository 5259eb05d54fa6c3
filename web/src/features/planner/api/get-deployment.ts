import { queryOptions } from '@tanstack/react-query';
import { getDeployment } from '@stratum/core/contract/planner/get-deployment';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

const isSettled = (d: { status: string; rollback: { status: string } | null } | undefined) =>
  d !== undefined &&
  d.status === 'completed' &&
  (d.rollback?.status ?? 'completed') === 'completed';

/** GET …/deployments/:deploymentId, polled every 500 ms until it and any rollback complete. */
export const deploymentQuery = (projectId: string, deploymentId: string) =>
  queryOptions({
    queryKey: plannerKeys.deployment(projectId, deploymentId),
    queryFn: ({ signal }) =>
      callApi(getDeployment, { params: { id: projectId, deploymentId }, signal }),
    select: (response) => response.data.deployment,
    refetchInterval: (query) =>
      query.state.error || isSettled(query.state.data?.data.deployment) ? false : 500,
  });
