import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Compact Terraform schemas derived from the jsii assemblies of the `@cdktf/provider-*` npm
 * packages (each config struct lists every argument, with `optional` for the non-required
 * ones and nested structs for blocks). Derived once and cached under node_modules/.cache.
 */
export interface TBlockSchema {
  /** Arguments: 1 required, 0 optional. */
  readonly a: Record<string, 0 | 1>;
  /** Nested blocks, with `min` 1 when at least one is required. */
  readonly b: Record<string, TBlockSchema & { readonly min: 0 | 1 }>;
}

export interface TTypeSchema extends TBlockSchema {
  /** Every readable attribute (arguments and computed ones) for reference checks. */
  readonly r: readonly string[];
  /** The type exists but its schema is not available: accept it, skip argument checks. */
  readonly isOpen?: boolean;
  /**
   * Readable names inside an attribute of object type or a nested block
   * (`ip_address_details[0].ip_address`), when the source knows them.
   */
  readonly nested?: Readonly<Record<string, readonly string[]>>;
}

export interface TProviderSchema {
  readonly provider: string;
  readonly packageVersion: string;
  readonly providerVersion: string;
  readonly resources: Record<string, TTypeSchema>;
  readonly dataSources: Record<string, TTypeSchema>;
}

interface TJsiiType {
  readonly kind: string;
  readonly base?: string;
  readonly docs?: { readonly summary?: string; readonly remarks?: string };
  readonly initializer?: { readonly parameters?: readonly { readonly type: TJsiiRef }[] };
  readonly properties?: readonly TJsiiProperty[];
}
interface TJsiiProperty {
  readonly name: string;
  readonly optional?: boolean;
  readonly static?: boolean;
  readonly type: TJsiiRef;
  readonly docs?: { readonly summary?: string; readonly remarks?: string };
}
interface TJsiiRef {
  readonly fqn?: string;
  readonly primitive?: string;
  readonly collection?: { readonly elementtype: TJsiiRef };
  readonly union?: { readonly types: readonly TJsiiRef[] };
}

const PACKAGES: Readonly<Record<string, string>> = {
  aws: '@cdktf/provider-aws',
  azurerm: '@cdktf/provider-azurerm',
  google: '@cdktf/provider-google',
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The Terraform name is the anchor of the registry link in the property's docs. */
function tfName(p: TJsiiProperty): string {
  const text = `${p.docs?.remarks ?? ''} ${p.docs?.summary ?? ''}`;
  const m = /#([a-z0-9_]+) [A-Za-z0-9]+#/.exec(text);
  return m?.[1] ?? snake(p.name);
}

function structOf(ref: TJsiiRef): string | undefined {
  if (ref.fqn && !ref.fqn.startsWith('cdktf.')) return ref.fqn;
  if (ref.collection) return structOf(ref.collection.elementtype);
  if (ref.union)
    for (const t of ref.union.types) {
      const s = structOf(t);
      if (s) return s;
    }
  return undefined;
}

function blockOf(types: Record<string, TJsiiType>, fqn: string, depth = 0): TBlockSchema {
  const t = types[fqn];
  const out: TBlockSchema = { a: {}, b: {} };
  if (!t || depth > 12) return out;
  for (const p of t.properties ?? []) {
    const name = tfName(p);
    const nested = structOf(p.type);
    const isBlock = nested !== undefined && /block\.$/.test(p.docs?.summary ?? '');
    if (isBlock) out.b[name] = { ...blockOf(types, nested, depth + 1), min: p.optional ? 0 : 1 };
    else out.a[name] = p.optional ? 0 : 1;
  }
  return out;
}

export function deriveSchema(
  provider: string,
  jsii: { types: Record<string, TJsiiType> },
  version: string,
): TProviderSchema {
  const resources: Record<string, TTypeSchema> = {};
  const dataSources: Record<string, TTypeSchema> = {};
  let providerVersion = '';
  for (const t of Object.values(jsii.types)) {
    if (t.kind !== 'class') continue;
    const isResource = t.base === 'cdktf.TerraformResource';
    const isData = t.base === 'cdktf.TerraformDataSource';
    if (!isResource && !isData) continue;
    const m =
      /registry\.terraform\.io\/providers\/[^/]+\/[^/]+\/([^/]+)\/docs\/(?:resources|data-sources)\/\S+ ([a-z0-9_]+)\}/.exec(
        t.docs?.summary ?? '',
      );
    const configFqn = t.initializer?.parameters?.[2]?.type.fqn;
    if (!m || !configFqn) continue;
    providerVersion = m[1] ?? providerVersion;
    const block = blockOf(jsii.types, configFqn);
    const readable = new Set(Object.keys(block.a));
    // Each argument `x` also has an `xInput` getter in the cdktf class: not a Terraform attribute.
    for (const p of t.properties ?? []) {
      if (p.static) continue;
      const name = snake(p.name);
      const input = /^(.+)_input$/.exec(name);
      if (input && (input[1]! in block.a || input[1]! in block.b)) continue;
      readable.add(name);
    }
    for (const b of Object.keys(block.b)) readable.add(b);
    const schema: TTypeSchema = { ...block, r: [...readable].sort() };
    (isResource ? resources : dataSources)[m[2]!] = schema;
  }
  return { provider, packageVersion: version, providerVersion, resources, dataSources };
}

/** Loads (deriving and caching on first use) the schema of one of the cdktf-packaged providers. */
export function loadProviderSchema(provider: 'aws' | 'azurerm' | 'google'): TProviderSchema {
  const pkg = PACKAGES[provider]!;
  const require = createRequire(import.meta.url);
  const pkgJson = require.resolve(`${pkg}/package.json`);
  const root = dirname(pkgJson);
  const version = (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  const nodeModules = root.slice(0, root.lastIndexOf('node_modules') + 'node_modules'.length);
  const cacheDir = join(nodeModules, '.cache', 'stratum');
  const cacheFile = join(cacheDir, `${provider}-${version}-v2.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as TProviderSchema;
  const jsii = JSON.parse(readFileSync(join(root, '.jsii'), 'utf8')) as {
    types: Record<string, TJsiiType>;
  };
  const schema = deriveSchema(provider, jsii, version);
  mkdirSync(cacheDir, { recursive: true });
  // Write then rename: test workers deriving at the same time never read a partial file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(schema));
  renameSync(partial, cacheFile);
  return schema;
}
