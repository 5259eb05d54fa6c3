import { useMutation } from '@tanstack/react-query';
import { pricePlanEndpoint, type TPlanPricingInput } from '@stratum/core/contract/costing/plan';
import { callApi, type ResponseOf } from '../../../lib/api-client';

export type TPricedPlan = ResponseOf<typeof pricePlanEndpoint>['data'];

/** POST /api/costing/plan: a `terraform show -json` document priced per resource address. */
export function usePricePlan() {
  return useMutation({
    mutationFn: async (body: TPlanPricingInput) =>
      (await callApi(pricePlanEndpoint, { body })).data,
  });
}
