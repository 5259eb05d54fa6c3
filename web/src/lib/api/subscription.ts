import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSubscription } from '@stratum/core/contract/subscription/get-subscription';
import { callApi } from '../api-client';
import { session } from '../session';

/** The key every view of the user's subscription shares; invalidate it after a plan change. */
export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;

/** GET /api/subscription: the record, the plan in force, this month's usage and credits. */
export const subscriptionQuery = queryOptions({
  queryKey: SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => callApi(getSubscription, { signal }),
  select: (response) => response.data,
});

/**
 * The subscription, with the signed-in user's stored plan and credits kept in step with it:
 * an approval, a voucher or a cancellation shows everywhere without signing in again.
 */
export function useSubscription() {
  const result = useQuery(subscriptionQuery);
  const planId = result.data?.currentPlan.id;
  const credits = result.data?.credits;
  useEffect(() => {
    const { user } = session.getState();
    if (!user || planId === undefined || credits === undefined) return;
    if (user.subscription === planId && user.credits === credits) return;
    session.updateUser({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      designation: user.designation,
      role: user.role,
      subscriptionType: planId,
      credits,
      createdAt: user.createdAt,
      lastLogin: user.lastLoginAt,
      avatarUrl: user.avatar,
    });
  }, [planId, credits]);
  return result;
}
