/**
 * The compact schema shape of `schema-data/<provider>.json.gz` (see ../shared/iac-schemas'
 * README): `a` attributes as [FLAGS, TYPE], `b` nested blocks. Flags: R required, O optional,
 * C computed, D deprecated, S sensitive, W write-only.
 */
export type TSchemaType = string | readonly unknown[] | { readonly n: string; readonly a: unknown };

export interface TSchemaBlock {
  readonly a?: Readonly<Record<string, readonly [string, TSchemaType, ...unknown[]]>>;
  readonly b?: Readonly<Record<string, TSchemaNestedBlock>>;
}

export interface TSchemaNestedBlock extends TSchemaBlock {
  /** Nesting mode: single, list, set, map, group. */
  readonly n: string;
  readonly min?: number;
  readonly max?: number;
}

/** Schema provider names of the data: the Terraform local names, and `arm` for ARM types. */
export const SCHEMA_PROVIDERS = ['aws', 'azurerm', 'google', 'oci', 'arm'] as const;
export type TSchemaProvider = (typeof SCHEMA_PROVIDERS)[number];

/** Answers the BLOCK of a resource type, or undefined when it is unknown or not loaded. */
export type TResourceSchemaLookup = (
  provider: TSchemaProvider,
  type: string,
) => TSchemaBlock | undefined;

/**
 * Core runs in the browser too, where the schema data is not bundled: the server and the CLI
 * (and tests) plug in a lookup over the data; the web may plug in the types it has fetched.
 * Without a lookup the generic builders write the arguments as given (see terraform-args.ts).
 */
let lookup: TResourceSchemaLookup | undefined;

export function provideResourceSchemas(source: TResourceSchemaLookup | undefined): void {
  lookup = source;
}

export function resourceSchema(provider: TSchemaProvider, type: string): TSchemaBlock | undefined {
  return lookup?.(provider, type);
}

export const hasFlag = (block: TSchemaBlock | undefined, name: string, flag: string): boolean =>
  block?.a?.[name]?.[0].includes(flag) ?? false;

/** Whether an attribute's TYPE holds objects (map, object, nested attributes, lists of those). */
export function isObjectType(type: TSchemaType | undefined): boolean {
  if (type === undefined || typeof type === 'string') return false;
  if (!Array.isArray(type)) return true;
  const [kind, inner] = type as unknown as readonly [unknown, TSchemaType];
  if (kind === 'map' || kind === 'object') return true;
  return (kind === 'list' || kind === 'set') && isObjectType(inner);
}
