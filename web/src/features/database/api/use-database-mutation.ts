import { useMutation, useQueryClient } from '@tanstack/react-query';
import { databaseKeys } from './keys';

/** A database action: afterwards the config, the state and the statement log are read again. */
export function useDatabaseMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all }),
  });
}
