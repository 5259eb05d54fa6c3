import { useMutation } from '@tanstack/react-query';
import { getGeneration } from '@stratum/core/contract/planner/get-generation';
import { callApi } from '../../../lib/api-client';

/** GET /api/projects/:id/generations/:generationId: one past generation with its files. */
export function useOpenGeneration(projectId: string) {
  return useMutation({
    mutationFn: (generationId: string) =>
      callApi(getGeneration, { params: { id: projectId, generationId } }).then(
        (r) => r.data.generation,
      ),
  });
}
