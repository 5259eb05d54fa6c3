import type {
  TTfBody,
  TTfOutput,
  TTfProvider,
  TTfResource,
  TTfValue,
  TTfVariable,
} from '../ir/terraform-ir';
import { block, obj, ref } from '../ir/terraform-ir';
import { hclBlock, hclValue } from './hcl-writer';

/** Renders parts of a Terraform model as HCL blocks (each a string without trailing newline). */
export const raw = (code: string) => ref(code);

export function renderVersions(providers: readonly TTfProvider[]): string {
  const required: Record<string, TTfValue> = {};
  for (const p of providers) required[p.name] = obj({ source: p.source, version: p.version });
  return hclBlock(
    ['terraform'],
    {
      // 1.11: write-only arguments keep secrets out of the state (policy no-secret-in-state).
      required_version: '>= 1.11.0',
      required_providers: block(required),
    },
    '',
  ).join('\n');
}

export function renderProviders(providers: readonly TTfProvider[]): string[] {
  return providers.map((p) => hclBlock(['provider', p.name], p.config, '').join('\n'));
}

export function renderVariable(v: TTfVariable): string {
  const body: Record<string, TTfValue> = { type: raw(v.type), description: v.description };
  if (v.default !== undefined) body['default'] = v.default;
  if (v.sensitive) body['sensitive'] = true;
  return hclBlock(['variable', v.name], body, '').join('\n');
}

export function renderResource(r: TTfResource): string {
  const body: TTfBody = r.dependsOn
    ? { ...r.body, depends_on: r.dependsOn.map((d) => raw(d)) }
    : r.body;
  return hclBlock([r.mode, r.type, r.name], orderDependsOn(body), '').join('\n');
}

/** `depends_on` reads best last among the attributes, before the nested blocks. */
function orderDependsOn(body: TTfBody): TTfBody {
  if (!('depends_on' in body)) return body;
  const { depends_on: deps, ...rest } = body;
  return { ...rest, depends_on: deps! };
}

export function renderOutput(
  o: Pick<TTfOutput, 'name' | 'description' | 'value' | 'sensitive'>,
): string {
  const body: Record<string, TTfValue> = { description: o.description, value: o.value };
  if (o.sensitive) body['sensitive'] = true;
  return hclBlock(['output', o.name], body, '').join('\n');
}

/** `name = value` lines for a .tfvars file, aligned like terraform fmt. */
export function renderTfvars(values: readonly [string, TTfValue][]): string {
  if (values.length === 0) return '';
  const lines = hclBlock(['x'], Object.fromEntries(values), '').slice(1, -1);
  return lines.map((l) => l.slice(2)).join('\n') + '\n';
}

export function joinBlocks(blocks: readonly string[]): string {
  return blocks.length === 0 ? '' : blocks.join('\n\n') + '\n';
}

export { hclValue };
