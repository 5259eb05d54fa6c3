import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  compareCloudsEndpoint,
  estimateDesignEndpoint,
  type TCompareInput,
  type TEstimateInput,
} from '@stratum/core/contract/costing/estimate';
import { callApi, type ResponseOf } from '../../../lib/api-client';
import { costingKeys } from './keys';

export type TDesignEstimate = ResponseOf<typeof estimateDesignEndpoint>['data'];
export type TComparison = ResponseOf<typeof compareCloudsEndpoint>['data'];

/**
 * POST /api/costing/estimate as a query: the key is the request itself, so an edited usage
 * assumption or another environment asks again, and the previous answer stays on screen meanwhile.
 */
export const estimateQuery = (body: TEstimateInput) =>
  queryOptions({
    queryKey: costingKeys.estimate(body),
    queryFn: async ({ signal }) => (await callApi(estimateDesignEndpoint, { body, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** POST /api/costing/compare: the design on AWS, Azure, GCP (and OCI, unpriced). */
export const compareQuery = (body: TCompareInput) =>
  queryOptions({
    queryKey: costingKeys.compare(body),
    queryFn: async ({ signal }) => (await callApi(compareCloudsEndpoint, { body, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
