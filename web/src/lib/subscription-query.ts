import { queryOptions } from '@tanstack/react-query';
import { getSubscription } from '@stratum/core/contract/subscription/get-subscription';
import { callApi } from './api-client';

/** The key every view of the user's subscription shares; invalidate it after a plan change. */
export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

/** GET /api/subscription: the record, the plan in force, this month's usage and credits. */
export const subscriptionQuery = queryOptions({
  queryKey: SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => callApi(getSubscription, { signal }),
  select: (response) => response.data,
});
