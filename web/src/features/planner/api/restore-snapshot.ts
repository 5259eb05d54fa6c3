import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreSnapshot } from '@stratum/core/contract/planner/restore-snapshot';
import { callApi } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';

/** POST …/snapshots/:snapshotId/restore: the project as it was, the replaced state kept. */
export function useRestoreSnapshot(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (snapshotId: string) =>
      callApi(restoreSnapshot, { params: { id: projectId, snapshotId } }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}
