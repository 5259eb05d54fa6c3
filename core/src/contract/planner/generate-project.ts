import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZFormat, ZGeneration, ZGenerationQuota } from './generation';

/**
 * Only the format: the server generates the project's saved state (its board, naming and file
 * layout), so the client saves first and what is generated is what the user sees.
 */
export const ZGenerateProjectInput = z.object({
  /** terraform for every cloud; bicep and arm for azure only. */
  format: ZFormat,
});
export type TGenerateProjectInput = z.input<typeof ZGenerateProjectInput>;

export const ZGenerateProjectResponse = z.object({
  success: z.literal(true),
  data: z.object({
    generation: ZGeneration,
    quota: ZGenerationQuota,
    /** The automatic version snapshot taken with this generation. */
    snapshotId: z.string(),
  }),
});
export type TGenerateProjectResponse = z.infer<typeof ZGenerateProjectResponse>;

/**
 * Runs the engine on the stored planner state, then counts one generation against the month's
 * quota. A design with errors answers 400 `planner/invalid_design` with `issues` and is not
 * counted; over quota answers 403 `planner/quota_exceeded` and nothing is generated or stored.
 */
export const generateProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/generations',
  summary: 'Generate code from the stored design (counts against the monthly quota)',
  auth: true,
  params: ZProjectParams,
  body: ZGenerateProjectInput,
  response: ZGenerateProjectResponse,
  audit: { action: 'projects.generate', target: 'generation' },
});
