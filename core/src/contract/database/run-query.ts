import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** Limits on the query console (decision 0011). */
export const DATABASE_QUERY_LIMITS = {
  statementTimeoutMs: 15_000,
  rowCap: 1000,
  maxParams: 100,
  maxQueryLength: 100_000,
  /** Past this many bytes of values the answer stops, as with the row cap. */
  maxResultBytes: 4 * 1024 * 1024,
} as const;

export const ZQueryParam = z.union([z.string().max(65_536), z.number(), z.boolean(), z.null()]);
export type TQueryParam = z.infer<typeof ZQueryParam>;

export const ZRunQueryBody = z.object({
  /** One statement; values go in `params` as $1, $2 …, never into the text. */
  query: z.string().trim().min(1, 'Enter a statement').max(DATABASE_QUERY_LIMITS.maxQueryLength),
  params: z.array(ZQueryParam).max(DATABASE_QUERY_LIMITS.maxParams).default([]),
  /** Runs read-write and commits; without it the statement runs in a read-only transaction. */
  allowWrite: z.boolean().default(false),
});
export type TRunQueryBody = z.input<typeof ZRunQueryBody>;

export const ZQueryColumn = z.object({ name: z.string(), type: z.string() });

export const ZQueryResult = z.discriminatedUnion('isOk', [
  z.object({
    isOk: z.literal(true),
    /** The command tag: SELECT, INSERT, UPDATE … */
    command: z.string(),
    columns: z.array(ZQueryColumn),
    /** Values as PostgreSQL prints them; null is SQL NULL. */
    rows: z.array(z.array(z.string().nullable())),
    /** Rows returned here, or rows changed by INSERT/UPDATE/DELETE. */
    rowCount: z.number().int(),
    /** More rows were there than the row cap (or the size cap) lets through. */
    isTruncated: z.boolean(),
    isWrite: z.boolean(),
    durationMs: z.number().int(),
  }),
  z.object({
    isOk: z.literal(false),
    /** PostgreSQL's own message. */
    message: z.string(),
    sqlState: z.string().nullable(),
    detail: z.string().nullable(),
    hint: z.string().nullable(),
    /** 1-based character position in the statement, when PostgreSQL names one. */
    position: z.number().int().nullable(),
    /** The statement tried to change data in a read-only run: it may be run again with writes. */
    needsWrite: z.boolean(),
    isTimeout: z.boolean(),
    durationMs: z.number().int(),
  }),
]);
export type TQueryResult = z.infer<typeof ZQueryResult>;

export const ZRunQueryResponse = z.object({ success: z.literal(true), data: ZQueryResult });

/**
 * Owner and admin (`database.manage`): one parameterised statement on the connected database,
 * read-only unless `allowWrite`, under a 15 s statement timeout and a 1000-row cap. A statement
 * PostgreSQL refuses answers 200 with `isOk: false` and its message. 409
 * `system/database_not_connected` when not connected.
 */
export const runQuery = defineEndpoint({
  method: 'POST',
  path: '/api/database/query',
  summary: 'Staff: run one statement on the connected PostgreSQL',
  auth: true,
  body: ZRunQueryBody,
  response: ZRunQueryResponse,
  audit: { action: 'database.query', target: 'database' },
});
