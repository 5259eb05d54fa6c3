import { queryOptions } from '@tanstack/react-query';
import { getResourceType } from '@stratum/core/contract/iac/get-resource-type';
import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';
import { callApi } from '../../../lib/api-client';
import { resourceTypeKeys } from './keys';

/**
 * GET /api/iac/resource-types/:provider/:type: one type's argument schema, asked for when a
 * generic component is shown, and kept for the session (schemas change only with a release).
 */
export const resourceTypeSchemaQuery = (provider: TSchemaProvider, type: string) =>
  queryOptions({
    queryKey: resourceTypeKeys.schema(provider, type),
    queryFn: ({ signal }) => callApi(getResourceType, { params: { provider, type }, signal }),
    select: (response) => response.data,
    staleTime: Infinity,
  });
