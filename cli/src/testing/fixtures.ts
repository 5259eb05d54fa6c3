import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allServices } from '@stratum/core/iac/catalog/registry';
import type { TGeneratedFile } from '@stratum/core/iac/emit/emitter';
import { checkArm } from '../checks/arm-check';
import { checkBicep } from '../checks/bicep-check';
import { sharedSchemaDir, sharedSchemas } from '../checks/shared-schemas';
import { loadSchemaFile, schemaDataSource, useSchemaData } from '../checks/schema-data';
import { providerSchemas } from '../checks/schema-sources';
import { checkTerraform, type TSchemaSource } from '../checks/terraform-check';

/** Test helpers (imported by *.test.ts only): repository paths and every output check. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

export function exampleFiles(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function readExample(file: string): unknown {
  return JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as unknown;
}

let schemas: TSchemaSource | undefined;
export const schemaSource = (): TSchemaSource => (schemas ??= providerSchemas());

/** The catalog's ARM types, and every deployable type@version of the schema data (generic). */
export const KNOWN_ARM_TYPES = new Set([
  ...allServices().flatMap((s) => (s.emits.arm ?? []).map((t) => `${t.type}@${t.apiVersion}`)),
  ...Object.entries(armTypes()).flatMap(([type, { v }]) =>
    v.map((version) => `${type}@${version}`),
  ),
]);

function armTypes(): Record<string, { v: readonly string[] }> {
  const file = loadSchemaFile('arm');
  return file && 'types' in file ? file.types : {};
}

/**
 * Checker source with resources at the pinned provider versions (the committed schema data),
 * data sources from the cdktf packages; and the engine given the same data, as the CLI and the
 * server do.
 */
let pinned: TSchemaSource | undefined;
export const pinnedSchemaSource = (): TSchemaSource =>
  (pinned ??= schemaDataSource(schemaSource()));
export { loadSchemaFile, useSchemaData };

/**
 * The pinned provider dumps of ../shared when they sit beside the repository (they check nested
 * attributes too), else the bundled schemas.
 */
const sharedDir = sharedSchemaDir(REPO_ROOT);
export const sharedOrBundledSchemas = (): TSchemaSource =>
  sharedDir ? sharedSchemas(sharedDir) : schemaSource();

/** Every problem the offline checks find in a set of generated files. */
export async function checkOutput(
  files: readonly TGeneratedFile[],
  source: TSchemaSource = schemaSource(),
): Promise<string[]> {
  const problems = await checkTerraform(files, source);
  const template = files.find((f) => f.path === 'azuredeploy.json');
  const templateJson = template
    ? (JSON.parse(template.content) as Record<string, unknown>)
    : undefined;
  for (const f of files.filter((x) => /^azuredeploy.*\.json$/.test(x.path))) {
    problems.push(...checkArm(f.path, f.content, templateJson));
  }
  problems.push(...checkBicep(files, KNOWN_ARM_TYPES));
  return problems;
}

const hasTerraform = spawnSync('terraform', ['version'], { encoding: 'utf8' }).status === 0;

/** `terraform fmt -check` on the .tf files when the terraform binary is installed, else null. */
export function terraformFmtCheck(files: readonly TGeneratedFile[]): string[] | null {
  if (!hasTerraform) return null;
  const dir = mkdtempSync(join(tmpdir(), 'stratum-fmt-'));
  try {
    for (const f of files.filter((x) => x.path.endsWith('.tf') || x.path.endsWith('.tfvars'))) {
      const target = join(dir, f.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, f.content);
    }
    const r = spawnSync('terraform', ['fmt', '-check', '-recursive', '-list=true', dir], {
      encoding: 'utf8',
      env: { ...process.env, TF_CLI_CONFIG_FILE: '/dev/null', CHECKPOINT_DISABLE: '1' },
    });
    return r.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.replace(dir + '/', ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const isFile = (p: string) => existsSync(p);
