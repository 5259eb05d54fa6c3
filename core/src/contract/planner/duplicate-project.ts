import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZCreatedProjectResponse, ZProjectName, ZProjectParams } from './project';

export const ZDuplicateProjectInput = z.object({
  /** Defaults to 'Copy of <name>'. */
  name: ZProjectName.optional(),
});
export type TDuplicateProjectInput = z.input<typeof ZDuplicateProjectInput>;

/**
 * A new project with the same description and planner state (revision 0); snapshots,
 * generations and deployments stay with the original. Counts against the project limit.
 */
export const duplicateProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/duplicate',
  summary: 'Duplicate a project (counts against the plan’s project limit)',
  auth: true,
  params: ZProjectParams,
  body: ZDuplicateProjectInput,
  response: ZCreatedProjectResponse,
  audit: { action: 'projects.duplicate', target: 'project' },
});
