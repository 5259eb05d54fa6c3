import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';

/** §3 Database config. Nothing is stored: the password is used for this one test. */
export const ZTestDatabaseBody = z.object({
  server: zString(255).trim().optional(),
  port: z.number().int().min(1).max(65535).default(5432),
  database: zString(63).trim().optional(),
  user: zString(63).trim().optional(),
  password: zString(1024).optional(),
  ssl: z.boolean().default(false),
  /** Milliseconds to wait for the connection. */
  connectionTimeout: z.number().int().min(500).max(30_000).default(5000),
});
export type TTestDatabaseBody = z.input<typeof ZTestDatabaseBody>;
export type TTestDatabaseInput = z.output<typeof ZTestDatabaseBody>;

export const ZDatabaseTestResult = z.object({
  isConnected: z.boolean(),
  /** 'Database not connected' when it failed (§8). */
  message: z.string(),
  /** Why it failed, as PostgreSQL or the network said it. */
  reason: z.string().nullable(),
  serverVersion: z.string().nullable(),
  /** Bytes. */
  databaseSize: z.number().nullable(),
  tableCount: z.number().int().nullable(),
  latencyMs: z.number().int(),
});
export type TDatabaseTestResult = z.infer<typeof ZDatabaseTestResult>;

export const ZTestDatabaseResponse = z.object({
  success: z.literal(true),
  data: ZDatabaseTestResult,
});
export type TTestDatabaseResponse = z.infer<typeof ZTestDatabaseResponse>;

/**
 * Owner and admin (`system.manage`): connects to the given PostgreSQL and reports its version,
 * database size and table count. 400 `system/database_not_configured` ('Database not
 * configured') without server, database and user.
 */
export const testDatabase = defineEndpoint({
  method: 'POST',
  path: '/api/admin/system/database/test',
  summary: 'Staff: test a PostgreSQL connection',
  auth: true,
  body: ZTestDatabaseBody,
  response: ZTestDatabaseResponse,
});
