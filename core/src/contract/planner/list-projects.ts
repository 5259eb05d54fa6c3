import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectSummary, ZProjectUsage } from './project';

export const ZListProjectsResponse = z.object({
  success: z.literal(true),
  data: z.object({ projects: z.array(ZProjectSummary), usage: ZProjectUsage }),
});
export type TListProjectsResponse = z.infer<typeof ZListProjectsResponse>;

/** My Projects: the signed-in user's projects, most recently changed first. */
export const listProjects = defineEndpoint({
  method: 'GET',
  path: '/api/projects',
  summary: "The signed-in user's projects, most recently changed first, and the plan's limit",
  auth: true,
  response: ZListProjectsResponse,
});
