import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSnapshot } from '@stratum/core/contract/planner/create-snapshot';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** POST /api/projects/:id/snapshots: a manual snapshot of the saved state (saved first). */
export function useCreateSnapshot(projectId: string, saveFirst: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { description: string; tags: string[] }) => {
      await saveFirst();
      return callApi(createSnapshot, { params: { id: projectId }, body: input });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.snapshots(projectId) }),
  });
}
