import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  ZProjectDescription,
  ZProjectName,
  ZProjectParams,
  ZProjectSummaryResponse,
} from './project';

export const ZRenameProjectInput = z.object({
  name: ZProjectName,
  description: ZProjectDescription.optional(),
});
export type TRenameProjectInput = z.input<typeof ZRenameProjectInput>;

/** Name and description are not planner state: no revision check, the revision is unchanged. */
export const renameProject = defineEndpoint({
  method: 'PATCH',
  path: '/api/projects/:id',
  summary: 'Rename a project (and change its description)',
  auth: true,
  params: ZProjectParams,
  body: ZRenameProjectInput,
  response: ZProjectSummaryResponse,
  audit: { action: 'projects.rename', target: 'project' },
});
