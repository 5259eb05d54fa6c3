import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TBlockSchema, TTypeSchema } from './provider-schema';
import type { TSchemaSource } from './terraform-check';

/**
 * Optional stricter source: the `terraform providers schema -json` dumps of the exact pinned
 * provider versions, when a `shared/iac-schemas` folder sits beside the repository (it does on
 * the project's machines and CI, never in a clone). Tests skip what needs it when it is absent.
 */
export interface TDumpBlock {
  readonly a?: Record<string, [string, unknown]>;
  readonly b?: Record<string, TDumpBlock & { readonly min?: number }>;
}

export function convertBlock(block: TDumpBlock): TBlockSchema {
  const a: Record<string, 0 | 1> = {};
  for (const [name, [flags]] of Object.entries(block.a ?? {})) {
    if (flags.includes('R')) a[name] = 1;
    else if (flags.includes('O')) a[name] = 0;
  }
  const b: TBlockSchema['b'] = {};
  for (const [name, nested] of Object.entries(block.b ?? {})) {
    b[name] = { ...convertBlock(nested), min: (nested.min ?? 0) > 0 ? 1 : 0 };
  }
  return { a, b };
}

/** Attribute names inside object-typed attributes (`["list", ["object", {...}]]`) and blocks. */
function objectKeys(type: unknown): string[] | undefined {
  if (!Array.isArray(type)) return undefined;
  const [kind, inner] = type as [unknown, unknown];
  if (kind === 'object' && inner && typeof inner === 'object') return Object.keys(inner);
  if (kind === 'list' || kind === 'set' || kind === 'map') return objectKeys(inner);
  return undefined;
}

function nestedNames(block: TDumpBlock): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, [, type]] of Object.entries(block.a ?? {})) {
    const keys = objectKeys(type);
    if (keys) out[name] = keys;
  }
  for (const [name, nested] of Object.entries(block.b ?? {}))
    out[name] = [...Object.keys(nested.a ?? {}), ...Object.keys(nested.b ?? {})];
  return out;
}

export function sharedSchemaDir(repoRoot: string): string | undefined {
  const dir = join(repoRoot, '..', 'shared', 'iac-schemas');
  return existsSync(join(dir, 'terraform', 'aws.json')) ? dir : undefined;
}

export function sharedSchemas(dir: string): TSchemaSource {
  const files: Record<string, string> = {
    aws: 'aws',
    azurerm: 'azurerm',
    google: 'google',
    oci: 'oci',
  };
  const cache = new Map<
    string,
    {
      resources: Record<string, TDumpBlock>;
      data_sources: Record<string, TDumpBlock>;
      resources_without_schema?: string[];
    }
  >();
  const load = (p: string) => {
    let d = cache.get(p);
    if (!d) {
      d = JSON.parse(
        readFileSync(join(dir, 'terraform', `${files[p]!}.json`), 'utf8'),
      ) as NonNullable<typeof d>;
      cache.set(p, d);
    }
    return d;
  };
  return {
    lookup(type, isData): TTypeSchema | undefined {
      const prefix = type.split('_')[0] ?? '';
      if (!(prefix in files)) return undefined;
      const dump = load(prefix);
      const block = (isData ? dump.data_sources : dump.resources)[type];
      // Types whose schema the dump could not include (see its README): known, not checked.
      if (!block && !isData && dump.resources_without_schema?.includes(type))
        return { a: {}, b: {}, r: [], isOpen: true };
      if (!block) return undefined;
      const converted = convertBlock(block);
      const r = [...Object.keys(block.a ?? {}), ...Object.keys(block.b ?? {})].sort();
      return { ...converted, r, nested: nestedNames(block) };
    },
  };
}
