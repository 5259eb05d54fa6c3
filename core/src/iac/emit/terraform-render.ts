import type {
  TTfBlock,
  TTfBody,
  TTfLifecycle,
  TTfOutput,
  TTfProvider,
  TTfResource,
  TTfValue,
  TTfVariable,
} from '../ir/terraform-ir';
import { block, obj, ref } from '../ir/terraform-ir';
import { hclBlock, hclValue, writeHclAttributes, writeHclBlock } from './hcl-writer';
import { scratchText, textBuffer, textOf, type TTextBuffer, write } from './text-buffer';

/** Renders parts of a Terraform model as HCL blocks (each a string without trailing newline). */
export const raw = (code: string) => ref(code);

/**
 * The provider map a module call passes when the module uses aliased configurations. Keys are
 * provider references, which HCL only takes bare (a quoted key is a string, not a reference).
 */
export function providersArgument(aliases: readonly string[]): TTfValue | undefined {
  if (aliases.length === 0) return undefined;
  const names = [...new Set(aliases.map((a) => a.split('.')[0]!))].sort();
  const pairs = [...names, ...[...aliases].sort()].map((p) => `${p} = ${p}`);
  return raw(`{ ${pairs.join(', ')} }`);
}

/** Aliased provider configurations the resources use (`aws.us_east_1`). */
export const aliasesUsed = (resources: readonly TTfResource[]): string[] =>
  [...new Set(resources.flatMap((r) => (r.provider ? [r.provider] : [])))].sort();

/** The stricter of two `>= x.y.z` constraints. */
export function atLeastVersion(a: string, b: string): string {
  const parts = (v: string) => (/(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0) ? a : b;
  }
  return a;
}

export interface TVersionsOptions {
  readonly requiredVersion?: string;
  /** Lines (a backend block) that go in before the block's closing brace. */
  readonly extra?: readonly string[];
  /**
   * In a child module, the aliased configurations (`aws.us_east_1`) its resources use, which the
   * caller passes in through `providers`.
   */
  readonly configurationAliases?: readonly string[];
}

/** The `terraform` block: required version and providers, and a backend when given. */
export function renderVersions(
  providers: readonly TTfProvider[],
  options: TVersionsOptions = {},
): string {
  const { requiredVersion = '>= 1.5.0', extra = [], configurationAliases = [] } = options;
  const required: Record<string, TTfValue> = {};
  for (const p of providers) {
    if (p.alias) continue;
    const aliases = configurationAliases.filter((a) => a.startsWith(`${p.name}.`));
    required[p.name] = obj({
      source: p.source,
      version: p.version,
      ...(aliases.length > 0 ? { configuration_aliases: aliases.map((a) => raw(a)) } : {}),
    });
  }
  const text = hclBlock(['terraform'], {
    // 1.11 at least: write-only arguments keep secrets out of the state (policy
    // no-secret-in-state); a backend may need a later one.
    required_version: atLeastVersion(requiredVersion, '>= 1.11.0'),
    required_providers: block(required),
  });
  // The extra lines go after a blank line, before the closing brace.
  return extra.length > 0 ? `${text.slice(0, -2)}\n\n${extra.join('\n')}\n}` : text;
}

export function renderProviders(providers: readonly TTfProvider[]): string[] {
  return providers.map((p) => hclBlock(['provider', p.name], p.config));
}

export function renderVariable(v: TTfVariable): string {
  const body: Record<string, TTfBody[string]> = { type: raw(v.type), description: v.description };
  if (v.default !== undefined) body['default'] = v.default;
  if (v.sensitive) body['sensitive'] = true;
  if (v.validation) {
    body['validation'] = block({
      condition: v.validation.condition,
      error_message: v.validation.errorMessage,
    });
  }
  return hclBlock(['variable', v.name], body);
}

/** A resource or data source block appended to `out` (starting with a line break). */
function writeResource(b: TTextBuffer, r: TTfResource): void {
  const withDeps: TTfBody = r.dependsOn
    ? { ...r.body, depends_on: r.dependsOn.map((d) => raw(d)) }
    : r.body;
  // Meta-arguments read first: which provider configuration creates the resource.
  const body: TTfBody = r.provider ? { provider: raw(r.provider), ...withDeps } : withDeps;
  const life = lifecycleBlock(r.lifecycle);
  // Blocks render in insertion order, so `lifecycle` comes last, where readers look for it.
  const full = life ? { ...orderDependsOn(body), lifecycle: life } : orderDependsOn(body);
  writeHclBlock(b, [r.mode, r.type, r.name], full);
}

export function renderResource(r: TTfResource): string {
  return scratchText((b) => writeResource(b, r), 1);
}

/** Resource blocks as the text of a file: a blank line between blocks, a final line break. */
export function renderResources(resources: readonly TTfResource[]): string {
  if (resources.length === 0) return '';
  const b = textBuffer(512 * resources.length);
  for (const r of resources) {
    if (b.pos > 0) write(b, '\n');
    writeResource(b, r);
  }
  write(b, '\n');
  return textOf(b, 1);
}

function lifecycleBlock(l: TTfLifecycle | undefined): TTfBlock | undefined {
  if (!l) return undefined;
  const body: Record<string, TTfValue> = {};
  if (l.createBeforeDestroy) body['create_before_destroy'] = true;
  if (l.preventDestroy) body['prevent_destroy'] = true;
  if (l.ignoreChanges && l.ignoreChanges.length > 0)
    body['ignore_changes'] = l.ignoreChanges.map((a) => raw(a));
  if (l.replaceTriggeredBy && l.replaceTriggeredBy.length > 0)
    body['replace_triggered_by'] = l.replaceTriggeredBy.map((a) => raw(a));
  return Object.keys(body).length > 0 ? block(body) : undefined;
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
  return hclBlock(['output', o.name], body);
}

/** `name = value` lines for a .tfvars file, aligned like terraform fmt. */
export function renderTfvars(values: readonly [string, TTfValue][]): string {
  if (values.length === 0) return '';
  return scratchText((b) => {
    writeHclAttributes(b, Object.fromEntries(values));
    write(b, '\n');
  }, 1);
}

export function joinBlocks(blocks: readonly string[]): string {
  return blocks.length === 0 ? '' : blocks.join('\n\n') + '\n';
}

export { hclValue };
