import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZResourceProvider } from './list-resource-types';

/**
 * An argument's type as in `terraform providers schema -json`: a primitive name, a collection or
 * object type expression, or `{ n, a }` for nested attributes.
 */
export type TAttributeType =
  string | [string, unknown] | { n: string; a: Record<string, [string, TAttributeType]> };
export const ZAttributeType: z.ZodType<TAttributeType> = z.lazy(() =>
  z.union([
    z.string(),
    z.tuple([z.string(), z.unknown()]),
    z.object({ n: z.string(), a: z.record(z.string(), ZAttribute) }),
  ]),
);
/** `[FLAGS, TYPE]`; FLAGS letters: R required, O optional, C computed, D deprecated, S sensitive, W write-only. */
export const ZAttribute = z.tuple([z.string(), ZAttributeType]);
export type TAttribute = z.infer<typeof ZAttribute>;

export const NESTING_MODES = ['single', 'list', 'set', 'map'] as const;
export interface TBlockType {
  n: (typeof NESTING_MODES)[number];
  min?: number;
  max?: number;
  a?: Record<string, TAttribute>;
  b?: Record<string, TBlockType>;
}
export const ZBlockType: z.ZodType<TBlockType> = z.lazy(() =>
  z.object({
    n: z.enum(NESTING_MODES),
    min: z.number().int().min(0).optional(),
    max: z.number().int().min(0).optional(),
    a: z.record(z.string(), ZAttribute).optional(),
    b: z.record(z.string(), ZBlockType).optional(),
  }),
);
/** A resource body's schema: attributes `a` and nested block types `b`. */
export const ZBlock = z.object({
  a: z.record(z.string(), ZAttribute).optional(),
  b: z.record(z.string(), ZBlockType).optional(),
});
export type TBlock = z.infer<typeof ZBlock>;

export const ZGetResourceTypeParams = z.object({
  provider: ZResourceProvider,
  /** An ARM type (`Microsoft.Network/virtualNetworks`) arrives URL-encoded. */
  type: z.string().min(1).max(200),
});

export const ZResourceTypeSchema = z.object({
  provider: ZResourceProvider,
  type: z.string(),
  providerVersion: z.string(),
  /** Where the schema facts come from (repository, commit, path). */
  source: z.string(),
  /** `null`: no argument schema is known; the body is edited as JSON. */
  block: ZBlock.nullable(),
  /** ARM types: the API versions, newest first. */
  apiVersions: z.array(z.string()).optional(),
  /** The attribute names another component may reference on this type. */
  attributes: z.array(z.string()),
});
export type TResourceTypeSchema = z.infer<typeof ZResourceTypeSchema>;

export const ZGetResourceTypeResponse = z.object({
  success: z.literal(true),
  data: ZResourceTypeSchema,
});
export type TGetResourceTypeResponse = z.infer<typeof ZGetResourceTypeResponse>;

/** One resource type's argument schema, for the board's generic component form. */
export const getResourceType = defineEndpoint({
  method: 'GET',
  path: '/api/iac/resource-types/:provider/:type',
  summary: "One resource type's argument schema",
  auth: true,
  params: ZGetResourceTypeParams,
  response: ZGetResourceTypeResponse,
});
