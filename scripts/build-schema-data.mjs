#!/usr/bin/env node
/**
 * Builds the project's own compact schema data (`schema-data/<provider>.json.gz`) from the
 * pinned provider dumps in `../shared/iac-schemas/` (see its README for sources A-C). The
 * generic resource component reads it: the server per type on demand, the CLI checker in tests.
 *
 *   node scripts/build-schema-data.mjs [--shared <dir>]
 *
 * Kept per Terraform provider: every resource type's BLOCK (flags and types, descriptions were
 * already dropped upstream), the curated `common_resources` list (search ranks them first) and
 * the types without schema. Dropped: data sources and the provider block (the component only
 * writes resources). For ARM: every type deployable in a resource-group template with its
 * writable API versions, and for the types with a Bicep type graph a BLOCK converted from it.
 * Output is deterministic (sorted keys, gzip without a timestamp) so re-running is a no-op.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { armBlock } from './schema-data/arm-block.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argIndex = process.argv.indexOf('--shared');
const SHARED = resolve(argIndex > 0 ? process.argv[argIndex + 1] : join(ROOT, '..', 'shared'));
const SCHEMAS = join(SHARED, 'iac-schemas');
const OUT = join(ROOT, 'schema-data');

const read = (path) => JSON.parse(readFileSync(join(SCHEMAS, path), 'utf8'));

/** Sorted keys at every level: byte-identical output from identical input. */
function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted(value[k])]),
    );
  }
  return value;
}

function write(name, data) {
  const json = JSON.stringify(data);
  // level 9 and no mtime in the header (zlib writes 0): the same bytes on every run.
  const gz = gzipSync(Buffer.from(json), { level: 9 });
  writeFileSync(join(OUT, `${name}.json.gz`), gz);
  console.log(
    `${name}: ${(json.length / 1024).toFixed(0)} KB json, ${(gz.length / 1024).toFixed(0)} KB gz`,
  );
}

mkdirSync(OUT, { recursive: true });

for (const provider of ['aws', 'azurerm', 'google', 'oci']) {
  const dump = read(`terraform/${provider}.json`);
  write(provider, {
    header: {
      provider,
      registry: dump.provider,
      providerVersion: dump.version,
      source: { ...dump.source, via: `../shared/iac-schemas/terraform/${provider}.json` },
      generatedBy: 'scripts/build-schema-data.mjs',
    },
    common: [...dump.common_resources].sort(),
    withoutSchema: [...(dump.resources_without_schema ?? [])].sort(),
    resources: sorted(dump.resources),
  });
}

/** A deployable API version: writable at resource-group (8) or extension (16) scope. */
const RG_OR_EXTENSION = 8 | 16;
const isPreview = (v) => /preview|beta|alpha|privatepreview/i.test(v);
/** Stable versions newest first, then previews newest first: the first is the sensible default. */
const byPreference = (a, b) =>
  Number(isPreview(a)) - Number(isPreview(b)) || (a < b ? 1 : a > b ? -1 : 0);

const index = read('azure/bicep-types-index.json');
const selected = read('azure/bicep-types-selected.json');
const types = {};
for (const entry of Object.values(index.types)) {
  const versions = Object.entries(entry.v)
    .filter(([, scopes]) => (scopes[0] & RG_OR_EXTENSION) !== 0)
    .map(([v]) => v)
    .sort(byPreference);
  if (versions.length === 0) continue;
  const withGraph = versions.find((v) => selected.resources[`${entry.name}@${v}`]);
  const out = { v: versions };
  if (withGraph) {
    let graph = selected.resources[`${entry.name}@${withGraph}`];
    if (graph.same_as) graph = selected.resources[graph.same_as];
    // A type@version with several definitions (scopes): the resource-group one when present.
    const table =
      graph.types ?? (graph.variants?.find((x) => x.w & 8) ?? graph.variants?.[0])?.types;
    if (table) {
      out.block = armBlock(table);
      out.blockApiVersion = withGraph;
    }
  }
  types[entry.name] = out;
}
write('arm', {
  header: {
    provider: 'arm',
    source: {
      ...index.source,
      via: '../shared/iac-schemas/azure/bicep-types-{index,selected}.json',
    },
    generatedBy: 'scripts/build-schema-data.mjs',
  },
  types: sorted(types),
});
