import { useMutation } from '@tanstack/react-query';
import { removeMember } from '@stratum/core/contract/planner/remove-member';
import { callApi } from '../../../lib/api-client';
import { useRefreshProjects } from './use-refresh-projects';

/** DELETE /api/projects/:id/members/:me: leaves a project shared with the user. */
export function useLeaveProject(projectId: string, userId: string) {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: () => callApi(removeMember, { params: { id: projectId, userId } }),
    onSuccess: refresh,
  });
}
