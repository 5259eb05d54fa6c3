import type { ErrorInput } from './error-log';

/**
 * Logs an error locally and reports it to the server (see `error-log.ts`). The logging code is
 * loaded on the first error, so that the contract's schemas stay out of the entry bundle.
 */
export function logClientError(input: ErrorInput): void {
  const at = new Date();
  void import('./error-log')
    .then(({ recordClientError }) => recordClientError({ ...input, at }))
    .catch(() => undefined);
}
