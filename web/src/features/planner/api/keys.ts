import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';

/**
 * The planner's query keys. Every key starts with the projects list's key, so invalidating the
 * list after a change also refreshes what is shown of one project.
 */
export const plannerKeys = {
  project: (projectId: string) => [...PROJECTS_QUERY_KEY, projectId] as const,
  generations: (projectId: string) => [...PROJECTS_QUERY_KEY, projectId, 'generations'] as const,
  snapshots: (projectId: string) => [...PROJECTS_QUERY_KEY, projectId, 'snapshots'] as const,
  /** Every environment's deployment config and the execution history in it. */
  deployments: (projectId: string) => [...PROJECTS_QUERY_KEY, projectId, 'deployments'] as const,
  deploymentConfig: (projectId: string, environment: string | undefined) =>
    [...PROJECTS_QUERY_KEY, projectId, 'deployments', environment ?? 'first'] as const,
  deployment: (projectId: string, deploymentId: string) =>
    [...PROJECTS_QUERY_KEY, projectId, 'deployment', deploymentId] as const,
};

/**
 * The provider schema queries of the generic component: outside the projects' key, since the
 * schemas are fixed per release and no project change should refetch them.
 */
export const resourceTypeKeys = {
  search: (provider: string, text: string) => ['iac', 'resource-types', provider, text] as const,
  schema: (provider: string, type: string) =>
    ['iac', 'resource-types', provider, type, 'schema'] as const,
};
