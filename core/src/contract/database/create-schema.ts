import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSchemaName } from './identifier';

export const ZCreateSchemaBody = z.object({ name: ZSchemaName });
export type TCreateSchemaBody = z.input<typeof ZCreateSchemaBody>;

export const ZSchemaResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});

/**
 * Owner and admin (`database.manage`): `CREATE SCHEMA "name"` on the connected database,
 * audited. 409 `system/database_not_connected` ('Database not connected') when not connected.
 */
export const createSchema = defineEndpoint({
  method: 'POST',
  path: '/api/database/create-schema',
  summary: 'Staff: create a schema in the connected PostgreSQL',
  auth: true,
  body: ZCreateSchemaBody,
  response: ZSchemaResponse,
  audit: { action: 'database.create-schema', target: 'database' },
});
