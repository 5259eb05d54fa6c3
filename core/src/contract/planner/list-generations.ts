import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZGenerationSummary } from './generation';

export const ZListGenerationsResponse = z.object({
  success: z.literal(true),
  data: z.object({ generations: z.array(ZGenerationSummary) }),
});
export type TListGenerationsResponse = z.infer<typeof ZListGenerationsResponse>;

/** The project's past generations, newest first, without their files. */
export const listGenerations = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/generations',
  summary: 'Past generations of a project, newest first',
  auth: true,
  params: ZProjectParams,
  response: ZListGenerationsResponse,
});
