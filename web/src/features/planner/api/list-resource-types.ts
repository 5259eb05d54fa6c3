import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listResourceTypes } from '@stratum/core/contract/iac/list-resource-types';
import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';
import { callApi } from '../../../lib/api-client';
import { resourceTypeKeys } from './keys';

/** How many types one search shows: enough to scroll, few enough to read. */
export const RESOURCE_TYPE_SEARCH_LIMIT = 50;

/** GET /api/iac/resource-types: a provider's resource types whose name contains `text`. */
export const resourceTypesQuery = (provider: TSchemaProvider, text: string) =>
  queryOptions({
    queryKey: resourceTypeKeys.search(provider, text),
    queryFn: ({ signal }) =>
      callApi(listResourceTypes, {
        query: {
          provider,
          limit: String(RESOURCE_TYPE_SEARCH_LIMIT),
          ...(text === '' ? {} : { q: text }),
        },
        signal,
      }),
    select: (response) => response.data,
    // The type list only changes with a release.
    staleTime: Infinity,
    // While the next search runs, the last results stay instead of flashing empty.
    placeholderData: keepPreviousData,
  });
