import { z } from 'zod';
import { SCHEMA_PROVIDERS } from '../../iac/catalog/generic/schema-source';

/** Shared shapes of the resource-type endpoints (the generic resource component's schema data). */
export const ZSchemaProvider = z.enum(SCHEMA_PROVIDERS);

export const ZResourceTypeSummary = z.object({
  provider: ZSchemaProvider,
  type: z.string(),
  /** Terraform: the pinned provider version; ARM: the newest stable API version. */
  providerVersion: z.string(),
});
export type TResourceTypeSummary = z.infer<typeof ZResourceTypeSummary>;

/**
 * BLOCK of ../shared/iac-schemas' README: `a` attributes as [FLAGS, TYPE] (ARM enums add the
 * allowed values as a third element), `b` nested blocks with `n` nesting mode, `min`, `max`.
 */
export interface TSchemaBlockJson {
  a?: Record<string, unknown[]>;
  b?: Record<string, TSchemaBlockJson & { n: string; min?: number; max?: number }>;
}
export const ZSchemaBlock: z.ZodType<TSchemaBlockJson> = z.lazy(() =>
  z.object({
    a: z.record(z.string(), z.array(z.unknown())).optional(),
    b: z
      .record(
        z.string(),
        ZSchemaBlock.and(
          z.object({ n: z.string(), min: z.number().optional(), max: z.number().optional() }),
        ),
      )
      .optional(),
  }),
);

export const ZResourceTypeDetail = ZResourceTypeSummary.extend({
  /** Where the facts come from: repository, commit and path of the dump. */
  source: z.object({ repository: z.string(), commit: z.string(), path: z.string() }),
  /** null: an ARM type without a type graph in the data (its arguments are free JSON). */
  block: ZSchemaBlock.nullable(),
  /** ARM only: the writable API versions, stable newest first, then previews. */
  apiVersions: z.array(z.string()).optional(),
  /** The attribute names a reference to this type may use. */
  attributes: z.array(z.string()),
});
export type TResourceTypeDetail = z.infer<typeof ZResourceTypeDetail>;
