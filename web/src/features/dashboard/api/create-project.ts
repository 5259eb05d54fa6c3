import { useMutation } from '@tanstack/react-query';
import {
  createProject,
  type TCreateProjectInput,
} from '@stratum/core/contract/planner/create-project';
import { callApi } from '../../../lib/api-client';
import { useRefreshProjects } from './use-refresh-projects';

/** POST /api/projects: a new, empty project. */
export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: TCreateProjectInput) => callApi(createProject, { body }),
    onSuccess: refresh,
  });
}
