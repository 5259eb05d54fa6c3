import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZDatabaseState } from './database-config';
import { ZDatabaseTestResult } from './database-status';

export const ZConnectDatabaseResponse = z.object({
  success: z.literal(true),
  data: z.object({ test: ZDatabaseTestResult, state: ZDatabaseState }),
});
export type TConnectDatabaseResponse = z.infer<typeof ZConnectDatabaseResponse>;

/**
 * Owner and admin (`database.manage`): tests the saved config and, when it answers, marks it
 * connected for every server process. A failed test leaves it disconnected. 400
 * `system/database_not_configured` without a saved config.
 */
export const connectDatabase = defineEndpoint({
  method: 'POST',
  path: '/api/database/connect',
  summary: 'Staff: connect the saved PostgreSQL',
  auth: true,
  response: ZConnectDatabaseResponse,
  audit: { action: 'database.connect', target: 'database' },
});
