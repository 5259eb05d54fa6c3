import { isApiError } from '../../lib/api-client';

/** The server's own message for a failed call (it names what is wrong with the file). */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const issues = error.issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
    return [error.message, ...issues].join(' ');
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
