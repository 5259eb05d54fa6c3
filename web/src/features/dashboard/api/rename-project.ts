import { useMutation } from '@tanstack/react-query';
import {
  renameProject,
  type TRenameProjectInput,
} from '@stratum/core/contract/planner/rename-project';
import { callApi } from '../../../lib/api-client';
import { useRefreshProjects } from './use-refresh-projects';

/** PATCH /api/projects/:id: a new name and description. */
export function useRenameProject(projectId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: TRenameProjectInput) =>
      callApi(renameProject, { params: { id: projectId }, body }),
    onSuccess: refresh,
  });
}
