import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '../api-client';

/** What the screen decides about a staff action: its toasts and what happens after. */
export interface StaffMutationUi<TResult, TInput> {
  /** The toast after success; none when omitted. */
  success?: string | ((result: TResult, input: TInput) => string);
  /** What failed, when the server did not say (no answer at all). */
  failure: string;
  onDone?: (result: TResult) => void;
}

export interface StaffMutationOptions<TInput, TResult> extends StaffMutationUi<TResult, TInput> {
  run: (input: TInput) => Promise<TResult>;
  /** Query keys to reload after success. */
  invalidate: readonly (readonly unknown[])[];
}

/**
 * A staff action: the server's message on failure (it decides), a toast and a reload on
 * success. Each feature's `api/<verb-noun>.ts` wraps it with its call and invalidations.
 */
export function useStaffMutation<TInput, TResult>(options: StaffMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result, input) => {
      const { success } = options;
      if (success) toast.success(typeof success === 'string' ? success : success(result, input));
      options.onDone?.(result);
      await Promise.all(
        options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : options.failure),
  });
}
