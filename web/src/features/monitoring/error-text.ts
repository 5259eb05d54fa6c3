import { isApiError } from '../../lib/api-client';

/** What to tell the user about a failed call: the server's message and the fields it names. */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return error instanceof Error && error.message ? error.message : fallback;
  const details = error.issues.slice(0, 3).map((i) => i.message);
  return [error.message, ...details].join(' — ');
}
