import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** §9: the database log keeps the newest 1000 entries. */
export const DATABASE_LOG_CAP = 1000;

export const DATABASE_LOG_ACTIONS = [
  'test',
  'connect',
  'disconnect',
  'query',
  'create-schema',
  'drop-schema',
] as const;

export const ZDatabaseLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(DATABASE_LOG_ACTIONS),
  /** The statement as sent; parameter values are never kept, only their types. */
  statement: z.string().nullable(),
  params: z.array(z.string()),
  isWrite: z.boolean(),
  isOk: z.boolean(),
  rowCount: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type TDatabaseLogEntry = z.infer<typeof ZDatabaseLogEntry>;

export const ZListDatabaseLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(DATABASE_LOG_CAP).default(100),
});

export const ZListDatabaseLogResponse = z.object({
  success: z.literal(true),
  data: z.array(ZDatabaseLogEntry),
});

/** Owner and admin (`database.manage`): the statement log, newest first. */
export const listDatabaseLog = defineEndpoint({
  method: 'GET',
  path: '/api/database/audit',
  summary: 'Staff: the database statement log, newest first',
  auth: true,
  querystring: ZListDatabaseLogQuery,
  response: ZListDatabaseLogResponse,
});
