import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';

export interface AdminMutationOptions<TInput, TResult> {
  run: (input: TInput) => Promise<TResult>;
  /** The toast after success; none when omitted. */
  success?: string | ((result: TResult, input: TInput) => string);
  /** What failed, when the server did not say (no answer at all). */
  failure: string;
  /** Query keys to reload after success. */
  invalidate: readonly (readonly unknown[])[];
  onDone?: (result: TResult) => void;
}

/** A staff action: the server's message on failure (it decides), a toast and a reload on success. */
export function useAdminMutation<TInput, TResult>(options: AdminMutationOptions<TInput, TResult>) {
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
