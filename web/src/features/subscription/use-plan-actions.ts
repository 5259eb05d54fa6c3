import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { cancelSubscription } from '@stratum/core/contract/subscription/cancel-subscription';
import { choosePlan } from '@stratum/core/contract/subscription/choose-plan';
import type { TPlanId } from '@stratum/core/contract/common';
import { callApi, isApiError } from '../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';

export interface ChooseInput {
  planId: TPlanId;
  message?: string;
  requestedCredits?: number;
}

const failureText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : fallback;

/** Choose a plan (§4: free active at once, paid pending) and cancel; both refresh the chip. */
export function usePlanActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });

  const choose = useMutation({
    mutationFn: (input: ChooseInput) => callApi(choosePlan, { body: input }),
    onSuccess: async ({ message }) => {
      toast.success(message);
      onDone();
      await refresh();
    },
    onError: (error) => toast.error(failureText(error, 'The plan could not be changed')),
  });

  const cancel = useMutation({
    mutationFn: () => callApi(cancelSubscription),
    onSuccess: async ({ message }) => {
      toast.success(message);
      onDone();
      await refresh();
    },
    onError: (error) => toast.error(failureText(error, 'The subscription could not be cancelled')),
  });

  return { choose, cancel };
}
