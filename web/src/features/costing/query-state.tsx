import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api-client';

/** The server's own message for a failed call (it names what is wrong with the design or file). */
export function errorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const issues = error.issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  return [error.message, ...issues].join(' ');
}

export interface QueryStateProps<T> {
  result: UseQueryResult<T>;
  /** What is loading, e.g. "the estimate". */
  what: string;
  children: (data: T, isUpdating: boolean) => ReactNode;
}

/** Loading, failed (with the server's reason and a retry), or the data (kept while it refreshes). */
export function QueryState<T>({ result, what, children }: QueryStateProps<T>) {
  if (result.isError && (result.isPlaceholderData || result.data === undefined)) {
    return (
      <FormMessage>
        {errorText(result.error, `${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded.`)}{' '}
        <button
          type="button"
          className="font-medium underline"
          onClick={() => void result.refetch()}
        >
          Try again
        </button>
      </FormMessage>
    );
  }
  if (result.data !== undefined) return children(result.data, result.isFetching);
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
      <Spinner className="size-4" /> Loading {what}…
    </div>
  );
}
