import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZGeneration, ZGenerationParams } from './generation';

export const ZGetGenerationResponse = z.object({
  success: z.literal(true),
  data: z.object({ generation: ZGeneration }),
});
export type TGetGenerationResponse = z.infer<typeof ZGetGenerationResponse>;

/** One stored generation with its files and report; 404 'Generation not found' otherwise. */
export const getGeneration = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/generations/:generationId',
  summary: 'One past generation with its files and validation report',
  auth: true,
  params: ZGenerationParams,
  response: ZGetGenerationResponse,
});
