import { queryOptions } from '@tanstack/react-query';
import { listProjects } from '@stratum/core/contract/planner/list-projects';
import { callApi } from '../api-client';

/** The key every view of the user's projects shares; invalidate it after a change. */
export const PROJECTS_QUERY_KEY = ['projects'] as const;

/** GET /api/projects: 'My Projects', most recently changed first, and the plan's limit. */
export const projectsQuery = queryOptions({
  queryKey: PROJECTS_QUERY_KEY,
  queryFn: ({ signal }) => callApi(listProjects, { signal }),
  select: (response) => response.data,
});

/** Where the planner opens a project. */
export const plannerPathFor = (projectId: string): string =>
  `/planner?project=${encodeURIComponent(projectId)}`;
