import { useMutation } from '@tanstack/react-query';
import { duplicateProject } from '@stratum/core/contract/planner/duplicate-project';
import { callApi } from '../../../lib/api-client';
import { useRefreshProjects } from './use-refresh-projects';

/** POST /api/projects/:id/duplicate: a copy, counted against the plan's project limit. */
export function useDuplicateProject(projectId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: () => callApi(duplicateProject, { params: { id: projectId }, body: {} }),
    onSuccess: refresh,
  });
}
