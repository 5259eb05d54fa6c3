import { z } from 'zod';
import { CLOUDS } from '../types';

/**
 * The first shape the planner saved: a flat list of services (subnets and networks among them),
 * a `config` bag and untyped links. Kept so stored v1 documents still open.
 */
export const ZDesignV1 = z.object({
  v: z.literal(1),
  name: z.string().min(1).max(100),
  provider: z.enum(CLOUDS),
  region: z.string().min(1),
  services: z
    .array(
      z.object({
        id: z.string(),
        service: z.string(),
        name: z.string(),
        config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
        /** Id of the subnet or network service it sits in. */
        in: z.string().optional(),
      }),
    )
    .default([]),
  links: z.array(z.object({ source: z.string(), target: z.string() })).default([]),
});
export type TDesignV1 = z.infer<typeof ZDesignV1>;
