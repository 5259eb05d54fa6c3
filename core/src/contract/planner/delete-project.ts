import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams, ZProjectUsage } from './project';

export const ZDeleteProjectResponse = z.object({
  success: z.literal(true),
  data: z.object({ usage: ZProjectUsage }),
});
export type TDeleteProjectResponse = z.infer<typeof ZDeleteProjectResponse>;

/** Deletes the project with its snapshots, generations and deployments. */
export const deleteProject = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:id',
  summary: 'Delete a project with its snapshots, generations and deployments',
  auth: true,
  params: ZProjectParams,
  response: ZDeleteProjectResponse,
  audit: { action: 'projects.delete', target: 'project' },
});
