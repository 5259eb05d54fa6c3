import { z } from 'zod';

/** PostgreSQL's NAMEDATALEN - 1: longer identifiers are silently truncated by the server. */
export const MAX_IDENTIFIER_BYTES = 63;

/**
 * A schema name staff may create or drop: 1 to 63 bytes, no NUL, not a reserved `pg_` name.
 * Any other character is allowed because it is always quoted (`quoteIdentifier`).
 */
export const ZSchemaName = z
  .string()
  .min(1, 'Enter a schema name')
  .refine((v) => new TextEncoder().encode(v).length <= MAX_IDENTIFIER_BYTES, {
    message: `A schema name has at most ${MAX_IDENTIFIER_BYTES} bytes`,
  })
  .refine((v) => !v.includes('\u0000'), { message: 'A schema name cannot contain NUL' })
  .refine((v) => !/^pg_/i.test(v), { message: 'Names starting with pg_ are reserved' })
  .refine((v) => v.trim() === v, { message: 'A schema name cannot start or end with spaces' });

/** "name" with embedded quotes doubled: safe for any identifier PostgreSQL accepts. */
export function quoteIdentifier(name: string): string {
  if (name.includes('\u0000')) throw new Error('Identifiers cannot contain NUL');
  return `"${name.replaceAll('"', '""')}"`;
}
