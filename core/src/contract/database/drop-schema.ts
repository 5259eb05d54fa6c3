import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZSchemaResponse } from './create-schema';
import { ZSchemaName } from './identifier';

export const ZDropSchemaBody = z
  .object({
    name: ZSchemaName,
    /** The schema name typed again. */
    confirm: z.string(),
    /** Also drop everything in it; without it a schema that holds objects is refused. */
    isCascade: z.boolean().default(false),
  })
  .refine((v) => v.confirm === v.name, {
    path: ['confirm'],
    message: 'Type the schema name to confirm',
  });
export type TDropSchemaBody = z.input<typeof ZDropSchemaBody>;

/** Owner and admin (`database.manage`): `DROP SCHEMA "name" RESTRICT|CASCADE`, audited. */
export const dropSchema = defineEndpoint({
  method: 'POST',
  path: '/api/database/drop-schema',
  summary: 'Staff: drop a schema in the connected PostgreSQL',
  auth: true,
  body: ZDropSchemaBody,
  response: ZSchemaResponse,
  audit: { action: 'database.drop-schema', target: 'database' },
});
