import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormMessage } from './form-message';
import { Spinner } from './spinner';
import { isApiError } from '../lib/api-client';

export interface ListStateProps<T> {
  result: UseQueryResult<T>;
  /** What is loading, e.g. "users". */
  what: string;
  children: (data: T) => ReactNode;
}

/** Loading, failed (with the server's reason and a retry) or the data. */
export function ListState<T>({ result, what, children }: ListStateProps<T>) {
  if (result.data !== undefined) return children(result.data);
  if (result.isError) {
    return (
      <FormMessage>
        {isApiError(result.error) ? result.error.message : `The ${what} could not be loaded.`}{' '}
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
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-sm text-slate-600">
      <Spinner className="size-4" /> Loading {what}…
    </div>
  );
}
