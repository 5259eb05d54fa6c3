import { useMutation } from '@tanstack/react-query';
import { deleteProject } from '@stratum/core/contract/planner/delete-project';
import { callApi } from '../../../lib/api-client';
import { useRefreshProjects } from './use-refresh-projects';

/** DELETE /api/projects/:id, with its snapshots, generations and deployments. */
export function useDeleteProject(projectId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: () => callApi(deleteProject, { params: { id: projectId } }),
    onSuccess: refresh,
  });
}
