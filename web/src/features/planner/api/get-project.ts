import { getProject } from '@stratum/core/contract/planner/get-project';
import type { TProject } from '@stratum/core/contract/planner/project';
import { callApi } from '../../../lib/api-client';

/** GET /api/projects/:id: the project with its planner state (opening it, reloading it). */
export async function fetchProject(projectId: string, signal?: AbortSignal): Promise<TProject> {
  const response = await callApi(getProject, { params: { id: projectId }, signal });
  return response.data.project;
}
