/** Why a connection failed, in one line. Node reports a refused dual-stack connection as an AggregateError with an empty message. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map(reasonOf).join('; ') || 'Connection failed';
  }
  if (error instanceof Error) {
    return error.message || (error as { code?: string }).code || error.name;
  }
  return String(error);
}
