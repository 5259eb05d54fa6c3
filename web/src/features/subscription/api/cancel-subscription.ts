import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSubscription } from '@stratum/core/contract/subscription/cancel-subscription';
import { callApi } from '../../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** POST /api/subscription/cancel: the Free plan's limits apply at once. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(cancelSubscription),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY }),
  });
}
