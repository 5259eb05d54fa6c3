import { z } from 'zod';
import { zInt32 } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZPlannerState } from './planner-state';
import { ZProjectParams, ZProjectSummaryResponse } from './project';

export const ZSaveProjectStateInput = z.object({
  /** The revision the client last read or saved. */
  revision: zInt32().min(0),
  state: ZPlannerState,
});
export type TSaveProjectStateInput = z.input<typeof ZSaveProjectStateInput>;

/**
 * Autosave. Stores the state only if `revision` is the stored one, then adds one to it. A newer
 * save answers 409 `planner/revision_conflict` with `currentRevision`; nothing is overwritten.
 */
export const saveProjectState = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:id/state',
  summary: 'Save the planner state (autosave) if the revision is still the stored one',
  auth: true,
  params: ZProjectParams,
  body: ZSaveProjectStateInput,
  response: ZProjectSummaryResponse,
  audit: { action: 'projects.save', target: 'project' },
});
