import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  isArmFile,
  lookupOver,
  type TSchemaFile,
} from '@stratum/core/iac/catalog/generic/schema-data';
import {
  provideResourceSchemas,
  type TResourceSchemaLookup,
  type TSchemaProvider,
} from '@stratum/core/iac/catalog/generic/schema-source';
import { convertBlock } from './shared-schemas';
import type { TSchemaSource } from './terraform-check';

/**
 * The repository's committed schema data (`schema-data/*.json.gz`, the pinned provider versions;
 * scripts/build-schema-data.mjs). Found by walking up from this file: it sits at
 * cli/src/checks as source and at cli/dist bundled.
 */
function schemaDir(): string | undefined {
  for (const up of ['../../../', '../../', '../']) {
    const dir = fileURLToPath(new URL(`${up}schema-data/`, import.meta.url));
    if (existsSync(`${dir}aws.json.gz`)) return dir;
  }
  return undefined;
}

const files = new Map<TSchemaProvider, TSchemaFile | undefined>();
export function loadSchemaFile(provider: TSchemaProvider): TSchemaFile | undefined {
  if (!files.has(provider)) {
    const dir = schemaDir();
    const path = dir ? `${dir}${provider}.json.gz` : undefined;
    files.set(
      provider,
      path && existsSync(path)
        ? (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as TSchemaFile)
        : undefined,
    );
  }
  return files.get(provider);
}

export const schemaDataLookup: TResourceSchemaLookup = lookupOver(loadSchemaFile);

/** Lets the engine's generic builders see the schema (block vs object, name, tags, secrets). */
export function useSchemaData(): void {
  provideResourceSchemas(schemaDataLookup);
}

const PROVIDERS = new Set<string>(['aws', 'azurerm', 'google', 'oci']);

/**
 * A checker source whose resources come from the schema data (the pinned versions the generated
 * code requires) and everything else (data sources, types the data lacks) from `fallback`.
 */
export function schemaDataSource(fallback: TSchemaSource): TSchemaSource {
  return {
    lookup(type, isData) {
      const provider = type.split('_')[0] ?? '';
      if (isData || !PROVIDERS.has(provider)) return fallback.lookup(type, isData);
      const file = loadSchemaFile(provider as TSchemaProvider);
      if (!file || isArmFile(file) || !Object.hasOwn(file.resources, type))
        return fallback.lookup(type, isData);
      const block = file.resources[type]!;
      const r = [...Object.keys(block.a ?? {}), ...Object.keys(block.b ?? {})].sort();
      return { ...convertBlock(block as Parameters<typeof convertBlock>[0]), r };
    },
  };
}
