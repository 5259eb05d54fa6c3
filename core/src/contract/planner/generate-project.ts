import { z } from 'zod';
import { zInt32, zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZFormat, ZGeneration, ZGenerationQuota } from './generation';

export const ZGenerateProjectInput = z.object({
  /** terraform for every cloud; bicep and arm for azure only. */
  format: ZFormat,
  /** A layout of the format (terraform: single, standard, modules, env-folders; bicep: single,
   * modules; arm: single). Defaults to the project's file-structure setting. */
  layout: zString(40).min(1).optional(),
  /** Defaults to the project's file-structure setting. */
  ci: z.boolean().optional(),
  readme: z.boolean().optional(),
  /** When given, the stored revision must still be this one (409 otherwise). */
  revision: zInt32().min(0).optional(),
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
});
