import { z } from 'zod';
import { ZDesignV2 } from './schema-v2';

/** JSON Schema of the design document as authors write it (defaults make fields optional). */
export function designJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ZDesignV2, { io: 'input', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: schema['$schema'],
    title: 'Stratum design document',
    description:
      'A cloud architecture: provider, region, environments, naming, groups (networks and subnets), components and typed connections. Version 2; version 1 documents are upgraded on read.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}
