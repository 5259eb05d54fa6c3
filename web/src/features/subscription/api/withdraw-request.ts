import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawRequest } from '@stratum/core/contract/subscription/withdraw-request';
import { callApi } from '../../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** POST /api/subscription/withdraw-request: the pending request goes, the plan stays. */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(withdrawRequest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY }),
  });
}
