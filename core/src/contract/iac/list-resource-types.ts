import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** The providers a generic component can take its type from; `arm` is Azure's ARM/Bicep types. */
export const RESOURCE_PROVIDERS = ['aws', 'azurerm', 'google', 'oci', 'arm'] as const;
export const ZResourceProvider = z.enum(RESOURCE_PROVIDERS);
export type TResourceProvider = z.infer<typeof ZResourceProvider>;

export const ZListResourceTypesQuery = z.object({
  provider: ZResourceProvider,
  /** Part of the type's name; empty lists the first types in order. */
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type TListResourceTypesQuery = z.infer<typeof ZListResourceTypesQuery>;

export const ZResourceTypeSummary = z.object({
  provider: ZResourceProvider,
  type: z.string(),
  providerVersion: z.string(),
});
export type TResourceTypeSummary = z.infer<typeof ZResourceTypeSummary>;

export const ZListResourceTypesResponse = z.object({
  success: z.literal(true),
  data: z.array(ZResourceTypeSummary),
});
export type TListResourceTypesResponse = z.infer<typeof ZListResourceTypesResponse>;

/** Search a provider's resource types (the board's type picker for a generic component). */
export const listResourceTypes = defineEndpoint({
  method: 'GET',
  path: '/api/iac/resource-types',
  summary: "Search a provider's resource types by name",
  auth: true,
  querystring: ZListResourceTypesQuery,
  response: ZListResourceTypesResponse,
});
