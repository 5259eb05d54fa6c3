import { defineEndpoint } from '../endpoint';
import { ZDatabaseConfigBody, ZDatabaseConfigResponse } from './database-config';

/**
 * Owner and admin (`database.manage`). The password is encrypted at rest and never sent back.
 * Saving disconnects: the changed config must be connected again.
 */
export const saveDatabaseConfig = defineEndpoint({
  method: 'PUT',
  path: '/api/database/config',
  summary: 'Staff: save the external PostgreSQL configuration',
  auth: true,
  body: ZDatabaseConfigBody,
  response: ZDatabaseConfigResponse,
  audit: { action: 'database.config', target: 'database' },
});
