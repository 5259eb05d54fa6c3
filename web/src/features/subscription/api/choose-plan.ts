import { useMutation, useQueryClient } from '@tanstack/react-query';
import { choosePlan, type TChoosePlanBody } from '@stratum/core/contract/subscription/choose-plan';
import { callApi } from '../../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** POST /api/subscription/choose: Free at once, a paid plan as a request to staff. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChoosePlanBody) => callApi(choosePlan, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY }),
  });
}
