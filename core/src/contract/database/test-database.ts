import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZDatabaseTestResult } from './database-status';

export const ZTestDatabaseResponse = z.object({
  success: z.literal(true),
  data: ZDatabaseTestResult,
});
export type TTestDatabaseResponse = z.infer<typeof ZTestDatabaseResponse>;

/**
 * Owner and admin (`database.manage`): connects to the saved PostgreSQL (through the egress
 * policy) and reports its version, size and table count; nothing changes. 400
 * `system/database_not_configured` ('Database not configured') without a saved config (§5).
 */
export const testDatabase = defineEndpoint({
  method: 'POST',
  path: '/api/database/test',
  summary: 'Staff: test the saved PostgreSQL connection',
  auth: true,
  response: ZTestDatabaseResponse,
  audit: { action: 'database.test', target: 'database' },
});
