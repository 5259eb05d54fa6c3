import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { servicesOf } from './catalog/registry';
import { generate, prepareDesign } from './generate';
import { builtNameFindings } from './testing/built-names';
import { TERRAFORM_LAYOUT_NAMES } from './emit/terraform-emitter';
import type { TFormat } from './emit/emitter';
import { CLOUDS } from './types';
import { formatsOf } from './testing/formats';
import { openFindings } from './policy/check';
import {
  EXAMPLES_DIR,
  checkOutput,
  exampleFiles,
  pinnedSchemaSource,
  readExample,
  schemaSource,
  terraformFmtCheck,
  useSchemaData,
} from '@stratum/cli/testing/fixtures';

/**
 * Every example, in every format and layout, validates offline against the provider schemas;
 * output is deterministic and matches the golden files (UPDATE_GOLDEN=1 rewrites them).
 */
const GOLDEN = join(EXAMPLES_DIR, 'golden');
const update = process.env['UPDATE_GOLDEN'] === '1';

function generated(file: string, format: TFormat, layout?: string) {
  const r = generate(readExample(file), { format, ...(layout ? { layout } : {}) });
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.files;
}

function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p).replace(/\.golden$/, ''), readFileSync(p, 'utf8'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

beforeAll(() => {
  // As the CLI and the server do: generic resources are written with the schema data.
  useSchemaData();
  schemaSource().lookup('aws_vpc', false);
}, 120_000);

describe.each(exampleFiles())('%s', (file) => {
  const design = readExample(file) as { provider: string; components?: { service: string }[] };
  const formats = formatsOf(design);

  it('is a valid design', () => {
    const prepared = prepareDesign(design);
    expect(prepared.ok ? [] : prepared.issues).toEqual([]);
  });

  it('names every resource within its type rules, for every environment', () => {
    const prepared = prepareDesign(design);
    if (!prepared.ok) throw new Error('invalid example');
    expect(builtNameFindings(prepared)).toEqual([]);
  });

  it.each(formats)('%s: no security policy finding the design has not exempted', (format) => {
    const r = generate(design, { format });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    expect(openFindings(r.policy).map((f) => `${f.rule} ${f.address}: ${f.message}`)).toEqual([]);
  });

  it.runIf(formats.includes('terraform')).each(TERRAFORM_LAYOUT_NAMES)(
    'terraform, %s layout: validates against the provider schemas and terraform fmt',
    async (layout) => {
      const files = generated(file, 'terraform', layout);
      expect(await checkOutput(files, pinnedSchemaSource())).toEqual([]);
      const fmt = terraformFmtCheck(files);
      if (fmt !== null) expect(fmt).toEqual([]);
    },
    60_000,
  );

  it.runIf(formats.includes('bicep')).each(['single', 'modules'])(
    'bicep, %s layout: structure checks pass',
    async (layout) => {
      expect(await checkOutput(generated(file, 'bicep', layout))).toEqual([]);
    },
  );

  it.runIf(formats.includes('arm'))(
    'arm: template and parameter files match the 2019-04-01 schemas',
    async () => {
      expect(await checkOutput(generated(file, 'arm'))).toEqual([]);
    },
  );

  // Settings (`INGEST_QUEUE_URL`) and the names the cloud shows (`acme-shop-dev-snet`).
  it.each(formats)('%s: no setting or resource name repeats a word back to back', (format) => {
    const stutters = new Set<string>();
    for (const f of generated(file, format)) {
      const words = [
        ...f.content.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g),
        ...f.content.matchAll(/(?<=["'])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?=["'])/g),
      ];
      for (const [word] of words)
        if (/(?:^|[-_])([A-Za-z][A-Za-z0-9]+)[-_]\1(?:[-_]|$)/.test(word)) stutters.add(word);
    }
    expect([...stutters]).toEqual([]);
  });

  it.each(formats)('%s: byte-identical on every run and equal to the golden files', (format) => {
    const files = generated(file, format);
    expect(generated(file, format)).toEqual(files);
    const dir = join(GOLDEN, file.replace(/\.json$/, ''), format);
    if (update) {
      rmSync(dir, { recursive: true, force: true });
      for (const f of files) {
        const target = join(dir, `${f.path}.golden`);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, f.content);
      }
    }
    const golden = readTree(dir);
    expect([...golden.keys()].sort()).toEqual(files.map((f) => f.path).sort());
    for (const f of files) expect(f.content, `${format}/${f.path}`).toBe(golden.get(f.path));
  });
});

describe('examples together', () => {
  it.each(CLOUDS)('use every service of the %s catalog', (cloud) => {
    const used = new Set<string>();
    for (const file of exampleFiles()) {
      const d = readExample(file) as {
        provider: string;
        groups?: { service: string }[];
        components?: { service: string }[];
      };
      if (d.provider !== cloud) continue;
      for (const n of [...(d.groups ?? []), ...(d.components ?? [])]) used.add(n.service);
    }
    expect(
      servicesOf(cloud)
        .map((s) => s.id)
        .filter((id) => !used.has(id)),
    ).toEqual([]);
  });
});
