import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZResourceTypeSummary, ZSchemaProvider } from './resource-type';

export const ZListResourceTypesQuery = z.object({
  provider: ZSchemaProvider,
  /** Part of the type name; empty lists the provider's common types first. */
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Resource types of a provider (or ARM) whose name contains `q`, best matches first. Public. */
export const listResourceTypes = defineEndpoint({
  method: 'GET',
  path: '/api/iac/resource-types',
  summary: 'Search the resource types of a provider for the generic resource component',
  auth: false,
  querystring: ZListResourceTypesQuery,
  response: z.object({ success: z.literal(true), data: z.array(ZResourceTypeSummary) }),
});
