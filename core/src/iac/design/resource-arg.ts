import { z } from 'zod';

/**
 * The arguments of a generic resource component (service `<cloud>.resource` or
 * `azure.arm-resource`): plain JSON, where an object `{ "$ref": "<component id>", "attribute":
 * "<attr>" }` is a reference to another component of the design, optionally inside a text
 * (`"prefix"`, `"suffix"`: `${aws_s3_bucket.files.arn}/*`). Nested blocks are objects
 * (single) or arrays of objects (list/set) under the block name.
 */
export type TResourceArg =
  string | number | boolean | null | TResourceArg[] | { [key: string]: TResourceArg };

export interface TResourceRef {
  readonly $ref: string;
  readonly attribute: string;
  /** Text around the value (`serviceAccount:` before an e-mail, `/*` after a bucket's ARN). */
  readonly prefix?: string;
  readonly suffix?: string;
}

/** `id`, `primary_endpoint`, `properties.fullyQualifiedDomainName`, `endpoint[0].address`. */
export const ATTRIBUTE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[\d{1,4}\])*$/;

export const ZResourceRef = z
  .object({
    $ref: z.string().regex(/^[a-z][a-z0-9-]{0,47}$/, 'a reference names a component id'),
    attribute: z
      .string()
      .max(200)
      .regex(ATTRIBUTE_PATTERN, 'an attribute is a name or a dotted path such as properties.id'),
    prefix: z.string().max(500).optional(),
    suffix: z.string().max(500).optional(),
  })
  .strict();

// Bounds keep a hostile document from costing much: the request body limit bounds the rest.
export const ZResourceArg: z.ZodType<TResourceArg> = z
  .lazy(() =>
    z.union([
      z.string().max(10_000),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(ZResourceArg).max(1000),
      ZResourceRef,
      z
        .record(z.string().max(200), ZResourceArg)
        .refine(
          (o) => !('$ref' in o),
          'a reference has "$ref" and "attribute" (and at most "prefix" and "suffix")',
        ),
    ]),
  )
  .meta({
    id: 'ResourceArg',
    description:
      'A resource argument: JSON, where {"$ref": "<component id>", "attribute": "<attr>"} references another component (with optional "prefix" and "suffix" text around it).',
  });

export const ZComponentResource = z.object({
  /** Terraform type (`aws_sqs_queue`, `google_pubsub_schema`) or ARM type (`Microsoft.X/y`). */
  type: z.string().min(1).max(200),
  /** ARM only: the API version to deploy with. */
  apiVersion: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(-[a-z]+)?$/, 'an API version looks like 2024-05-01')
    .optional(),
  arguments: z.record(z.string().max(200), ZResourceArg).default({}),
});
export type TComponentResource = z.infer<typeof ZComponentResource>;

export function isResourceRef(value: unknown): value is TResourceRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { $ref?: unknown }).$ref === 'string' &&
    typeof (value as { attribute?: unknown }).attribute === 'string'
  );
}

/** Every reference inside a set of arguments, with its path (`subnet_id`, `vpc_config.subnet_ids[0]`). */
export function collectResourceRefs(
  value: TResourceArg | Readonly<Record<string, TResourceArg>>,
  path = '',
  into: { path: string; ref: TResourceRef }[] = [],
): { path: string; ref: TResourceRef }[] {
  if (isResourceRef(value)) into.push({ path, ref: value });
  else if (Array.isArray(value))
    value.forEach((v, i) => collectResourceRefs(v, `${path}[${i}]`, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value))
      collectResourceRefs(v, path ? `${path}.${k}` : k, into);
  }
  return into;
}
