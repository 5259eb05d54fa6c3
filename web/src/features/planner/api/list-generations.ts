import { queryOptions } from '@tanstack/react-query';
import { listGenerations } from '@stratum/core/contract/planner/list-generations';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** GET /api/projects/:id/generations: past generations, newest first (without files). */
export const generationsQuery = (projectId: string) =>
  queryOptions({
    queryKey: plannerKeys.generations(projectId),
    queryFn: ({ signal }) => callApi(listGenerations, { params: { id: projectId }, signal }),
    select: (response) => response.data.generations,
  });
