import { z } from 'zod';

/** What a connection test found. */
export const ZDatabaseTestResult = z.object({
  isConnected: z.boolean(),
  /** 'Database not connected' when it failed (§8). */
  message: z.string(),
  /** Why it failed, as PostgreSQL, the network or the egress policy said it. */
  reason: z.string().nullable(),
  serverVersion: z.string().nullable(),
  /** Bytes. */
  databaseSize: z.number().nullable(),
  tableCount: z.number().int().nullable(),
  latencyMs: z.number().int(),
});
export type TDatabaseTestResult = z.infer<typeof ZDatabaseTestResult>;
