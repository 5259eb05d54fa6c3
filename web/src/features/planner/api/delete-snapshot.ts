import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSnapshot } from '@stratum/core/contract/planner/delete-snapshot';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** DELETE /api/projects/:id/snapshots/:snapshotId. */
export function useDeleteSnapshot(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (snapshotId: string) =>
      callApi(deleteSnapshot, { params: { id: projectId, snapshotId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.snapshots(projectId) }),
  });
}
