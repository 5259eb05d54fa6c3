import type { TPlannerState } from '@stratum/core/contract/planner/planner-state';
import type { TProjectSummary } from '@stratum/core/contract/planner/project';
import { saveProjectState } from '@stratum/core/contract/planner/save-project-state';
import { callApi } from '../../../lib/api-client';

/** PUT /api/projects/:id/state: autosave over `revision` (409 when another save came first). */
export async function saveState(
  projectId: string,
  revision: number,
  state: TPlannerState,
): Promise<TProjectSummary> {
  const response = await callApi(saveProjectState, {
    params: { id: projectId },
    body: { revision, state },
  });
  return response.data.project;
}
