import { defineEndpoint } from '../endpoint';
import { ZDatabaseConfigResponse } from './database-config';

/** Owner and admin (`database.manage`): the saved config without its password, and the state. */
export const getDatabaseConfig = defineEndpoint({
  method: 'GET',
  path: '/api/database/config',
  summary: 'Staff: the external PostgreSQL configuration and whether it is connected',
  auth: true,
  response: ZDatabaseConfigResponse,
});
