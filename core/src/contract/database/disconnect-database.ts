import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZDatabaseState } from './database-config';

export const ZDisconnectDatabaseResponse = z.object({
  success: z.literal(true),
  data: z.object({ state: ZDatabaseState }),
});

/** Owner and admin (`database.manage`): every process closes its connections to it. */
export const disconnectDatabase = defineEndpoint({
  method: 'POST',
  path: '/api/database/disconnect',
  summary: 'Staff: disconnect the external PostgreSQL',
  auth: true,
  response: ZDisconnectDatabaseResponse,
  audit: { action: 'database.disconnect', target: 'database' },
});
