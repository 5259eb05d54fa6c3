import { prepareDesign } from '@stratum/core/iac/generate';
import { allServices } from '@stratum/core/iac/catalog/registry';
import type { TConvertWarning } from '@stratum/core/convert/types';
import { checkArm, PARAMETERS_SCHEMA, TEMPLATE_SCHEMA } from './arm-check';
import { checkBicep } from './bicep-check';
import { loadSchemaFile, schemaDataSource } from './schema-data';
import { providerSchemas } from './schema-sources';
import { checkTerraform, type TFile, type TSchemaSource } from './terraform-check';

/**
 * Every check the project has, over any set of files (the converter's output, issue 15): Terraform
 * against the pinned provider schemas, ARM templates and parameter files against the
 * deploymentTemplate schema's shape, Bicep structurally, a design document through the engine's
 * validation. Answers one problem per entry, on the file and, where it can be found, the line.
 */
let schemas: TSchemaSource | undefined;
const pinnedSchemas = () => (schemas ??= schemaDataSource(providerSchemas()));

let armTypes: ReadonlySet<string> | undefined;
/** The catalog's ARM types and every type@version of the committed ARM schema data. */
function knownArmTypes(): ReadonlySet<string> {
  if (!armTypes) {
    const file = loadSchemaFile('arm');
    const data = file && 'types' in file ? file.types : {};
    armTypes = new Set([
      ...allServices().flatMap((s) => (s.emits.arm ?? []).map((t) => `${t.type}@${t.apiVersion}`)),
      ...Object.entries(data).flatMap(([type, { v }]) => v.map((version) => `${type}@${version}`)),
    ]);
  }
  return armTypes;
}

const schemaOf = (content: string): unknown => {
  try {
    const doc: unknown = JSON.parse(content);
    return doc && typeof doc === 'object' ? (doc as Record<string, unknown>)['$schema'] : undefined;
  } catch {
    return undefined;
  }
};

const isTemplateSchema = (schema: unknown) =>
  typeof schema === 'string' &&
  /^https:\/\/schema\.management\.azure\.com\/schemas\/[0-9-]+\/(subscription|managementGroup|tenant)?deploymentTemplate\.json#?$/i.test(
    schema,
  );

/** 1-based line of the first line matching, or 0 (the problem is about the whole file). */
function lineOf(content: string, test: (line: string) => boolean): number {
  const lines = content.split('\n');
  const i = lines.findIndex(test);
  return i + 1;
}

/** Where a checker's problem (`<file>: <message>`) sits: its file and, when named, its line. */
function locate(problem: string, files: readonly TFile[]): TConvertWarning {
  const file = [...files]
    .sort((a, b) => b.path.length - a.path.length)
    .find((f) => problem.startsWith(`${f.path}: `));
  if (!file) {
    const [head, ...rest] = problem.split(': ');
    return rest.length > 0
      ? { file: head ?? '', line: 0, message: rest.join(': ') }
      : { file: '', line: 0, message: problem };
  }
  const message = problem.slice(file.path.length + 2);
  let line = 0;
  // Terraform: `aws_instance.web: …` → its `resource "aws_instance" "web"` block.
  const address = /^(data\.)?([a-z0-9_]+)\.([A-Za-z0-9_-]+)[:.]/.exec(message);
  if (address && file.path.endsWith('.tf')) {
    const kind = address[1] ? 'data' : 'resource';
    line = lineOf(file.content, (l) =>
      new RegExp(`^\\s*${kind}\\s+"${address[2]}"\\s+"${address[3]}"`).test(l),
    );
  }
  // Bicep: `unknown resource type T@v`, `parent p is not declared`, `module m: …`.
  const quoted = /(?:resource type|parent|module) ([^\s:]+)/.exec(message);
  if (line === 0 && quoted && file.path.endsWith('.bicep')) {
    const needle = quoted[1]!;
    line = lineOf(file.content, (l) => l.includes(needle));
  }
  return { file: file.path, line, message };
}

/** Runs the checks that apply to each file; an empty answer means everything validates. */
export async function validateFiles(files: readonly TFile[]): Promise<TConvertWarning[]> {
  const problems: string[] = [];
  const tf = files.filter((f) => f.path.endsWith('.tf'));
  if (tf.length > 0) problems.push(...(await checkTerraform(tf, pinnedSchemas())));

  const json = files.filter((f) => f.path.endsWith('.json'));
  const templates = json.filter((f) => isTemplateSchema(schemaOf(f.content)));
  for (const f of templates) {
    // Subscription, management-group and tenant templates share the resource-group one's shape.
    const doc = JSON.parse(f.content) as Record<string, unknown>;
    problems.push(...checkArm(f.path, JSON.stringify({ ...doc, $schema: TEMPLATE_SCHEMA })));
  }
  for (const f of json.filter((x) => schemaOf(x.content) === PARAMETERS_SCHEMA)) {
    // A parameters file is checked against the template beside it (azuredeploy.parameters.*).
    const dir = f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/') + 1) : '';
    const template = templates.find(
      (t) => t.path.startsWith(dir) && !t.path.includes('/', dir.length),
    );
    problems.push(
      ...checkArm(
        f.path,
        f.content,
        template ? (JSON.parse(template.content) as Record<string, unknown>) : undefined,
      ),
    );
  }

  if (files.some((f) => f.path.endsWith('.bicep') || f.path.endsWith('.bicepparam')))
    problems.push(...checkBicep(files, knownArmTypes()));

  for (const f of json.filter((x) => x.path.endsWith('design.json'))) {
    let doc: unknown;
    try {
      doc = JSON.parse(f.content);
    } catch (e) {
      problems.push(`${f.path}: not JSON (${(e as Error).message})`);
      continue;
    }
    const prepared = prepareDesign(doc);
    if (!prepared.ok)
      for (const i of prepared.issues.filter((x) => x.severity === 'error'))
        problems.push(`${f.path}: ${i.path ? `${i.path}: ` : ''}${i.message}`);
  }
  return [...new Set(problems)].map((p) => locate(p, files));
}
