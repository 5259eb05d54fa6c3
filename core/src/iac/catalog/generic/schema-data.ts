import type { TResourceSchemaLookup, TSchemaBlock, TSchemaProvider } from './schema-source';

/**
 * The files of `schema-data/` (built by scripts/build-schema-data.mjs from ../shared/iac-schemas):
 * one per Terraform provider, one for ARM. Pure helpers over them: the server and the CLI read
 * the files, core never does I/O.
 */
export interface TSchemaDataSource {
  readonly repository: string;
  readonly commit: string;
  readonly path: string;
}

export interface TTerraformSchemaFile {
  readonly header: { readonly providerVersion: string; readonly source: TSchemaDataSource };
  /** The curated list of the provider's common types: search ranks them first. */
  readonly common: readonly string[];
  /** Types the dump has no schema for (the checker accepts them without argument checks). */
  readonly withoutSchema: readonly string[];
  readonly resources: Readonly<Record<string, TSchemaBlock>>;
}

export interface TArmSchemaFile {
  readonly header: { readonly source: TSchemaDataSource };
  readonly types: Readonly<
    Record<string, { readonly v: readonly string[]; readonly block?: TSchemaBlock }>
  >;
}

export type TSchemaFile = TTerraformSchemaFile | TArmSchemaFile;
export const isArmFile = (f: TSchemaFile): f is TArmSchemaFile => 'types' in f;

/** A lookup for `provideResourceSchemas` over files loaded on demand. */
export function lookupOver(
  load: (provider: TSchemaProvider) => TSchemaFile | undefined,
): TResourceSchemaLookup {
  return (provider, type) => {
    const file = load(provider);
    if (!file) return undefined;
    if (isArmFile(file))
      return Object.hasOwn(file.types, type) ? file.types[type]?.block : undefined;
    return Object.hasOwn(file.resources, type) ? file.resources[type] : undefined;
  };
}

/** Every type name of a file. */
export const typesOf = (file: TSchemaFile): string[] =>
  Object.keys(isArmFile(file) ? file.types : file.resources);

/**
 * Substring search, best first: exact name, then names whose short form (without the provider
 * prefix) starts with the text, then the curated common types, then earlier matches, shorter
 * names, alphabetical. Case-insensitive (ARM types are mixed case).
 */
export function searchTypes(file: TSchemaFile, query: string, limit: number): string[] {
  const q = query.trim().toLowerCase();
  const common = new Set(isArmFile(file) ? [] : file.common);
  const scored: [number, number, string][] = [];
  for (const type of typesOf(file)) {
    const lower = type.toLowerCase();
    const at = lower.indexOf(q);
    if (at < 0) continue;
    const short = lower.slice(lower.indexOf(isArmFile(file) ? '/' : '_') + 1);
    const rank =
      lower === q ? 0 : short.startsWith(q) || lower.startsWith(q) ? 1 : common.has(type) ? 2 : 3;
    scored.push([rank, at, type]);
  }
  scored.sort(
    (a, b) => a[0] - b[0] || a[1] - b[1] || a[2].length - b[2].length || (a[2] < b[2] ? -1 : 1),
  );
  return scored.slice(0, limit).map((s) => s[2]);
}

/**
 * The names a reference to the type may use: every attribute (arguments and computed ones) for
 * Terraform; for ARM `id`, `name` and `properties.<name>` of the body's `properties`.
 */
export function attributesOf(block: TSchemaBlock | undefined, isArm: boolean): string[] {
  if (!isArm) return Object.keys(block?.a ?? {}).sort();
  const props = block?.b?.['properties'];
  const nested = [...Object.keys(props?.a ?? {}), ...Object.keys(props?.b ?? {})].map(
    (n) => `properties.${n}`,
  );
  return ['id', 'name', ...nested.sort()];
}
