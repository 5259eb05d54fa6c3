import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPlannerState } from './planner-state';
import { ZCreatedProjectResponse, ZProjectDescription, ZProjectName } from './project';

export const ZCreateProjectInput = z.object({
  name: ZProjectName,
  description: ZProjectDescription.default(''),
  /** The planner state to start from (e.g. what the planner held before saving); empty if left out. */
  state: ZPlannerState.optional(),
});
export type TCreateProjectInput = z.input<typeof ZCreateProjectInput>;

/** Counts against the plan's project limit (§9): over it answers 403 `planner/project_limit`. */
export const createProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects',
  summary: 'Create a project (counts against the plan’s project limit)',
  auth: true,
  body: ZCreateProjectInput,
  response: ZCreatedProjectResponse,
  audit: { action: 'projects.create', target: 'project' },
});
