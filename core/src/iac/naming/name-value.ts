import { armFn, param, type TArmExpr, type TArmValue } from '../ir/arm-ir';
import { call, tfVar, tpl, type TTfBody, type TTfExpr, type TTfValue } from '../ir/terraform-ir';
import { fixName, nameProblems, shortHash, type TFixPart } from './resolve';
import { ruleFor, type TNameRule } from './rules';
import { ARM_NAME_RULES } from './arm-type-rules';
import { terraformNameFields, type TNameField } from './type-rules';

/**
 * Names as they sit in the IR (a string, or a template of text and the environment variable)
 * turned into parts the naming rules can fix, and back.
 */

/** Lengths assumed for variables seen inside names: GCP project ids are 6-30 characters. */
const OPAQUE_LENGTHS: Readonly<Record<string, number>> = { 'var.project_id': 30 };

export interface TParsedName<E> {
  readonly parts: readonly TFixPart[];
  /** The expressions behind opaque parts, by index. */
  readonly opaque: readonly E[];
}

export function parseTfName(value: unknown): TParsedName<TTfExpr> | undefined {
  if (typeof value === 'string') return { parts: [value], opaque: [] };
  if (typeof value !== 'object' || value === null || !('$' in value) || value.$ !== 'tpl')
    return undefined;
  const opaque: TTfExpr[] = [];
  const parts: TFixPart[] = [];
  for (const p of (value as unknown as { parts: readonly (string | TTfExpr)[] }).parts) {
    if (typeof p === 'string') parts.push(p);
    else if (p.$ === 'ref' && p.address === 'var.environment' && p.attr === '')
      parts.push({ env: true, upper: false });
    else if (p.$ === 'call' && p.fn === 'upper' && isEnvRef(p.args[0]))
      parts.push({ env: true, upper: true });
    else if (p.$ === 'ref' && p.attr === '' && OPAQUE_LENGTHS[p.address] !== undefined) {
      parts.push({ opaque: opaque.length, length: OPAQUE_LENGTHS[p.address]! });
      opaque.push(p);
    } else return undefined;
  }
  return { parts, opaque };
}

const isEnvRef = (v: TTfValue | undefined) =>
  typeof v === 'object' &&
  v !== null &&
  '$' in v &&
  v.$ === 'ref' &&
  v.address === 'var.environment';

export function tfNameValue(parts: readonly TFixPart[], opaque: readonly TTfExpr[]): TTfValue {
  const out = parts.map((p): string | TTfExpr =>
    typeof p === 'string'
      ? p
      : 'opaque' in p
        ? opaque[p.opaque]!
        : p.upper
          ? call('upper', tfVar('environment'))
          : tfVar('environment'),
  );
  return out.every((p) => typeof p === 'string') ? out.join('') : tpl(...out);
}

export function parseArmName(value: TArmValue): TParsedName<TArmExpr> | undefined {
  if (typeof value === 'string') return { parts: [value], opaque: [] };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!('$' in value) || value.$ !== 'atpl') return undefined;
  const parts: TFixPart[] = [];
  for (const p of (value as { parts: readonly (string | TArmExpr)[] }).parts) {
    if (typeof p === 'string') parts.push(p);
    else if (p.$ === 'param' && p.name === 'environment') parts.push({ env: true, upper: false });
    else if (p.$ === 'fn' && p.fn === 'toUpper' && JSON.stringify(p.args) === ENV_PARAM)
      parts.push({ env: true, upper: true });
    else return undefined;
  }
  return { parts, opaque: [] };
}
const ENV_PARAM = JSON.stringify([param('environment')]);

export function armNameValue(parts: readonly TFixPart[]): TArmValue {
  const out = parts.flatMap((p): (string | TArmExpr)[] =>
    typeof p === 'string'
      ? [p]
      : 'opaque' in p
        ? []
        : [p.upper ? armFn('toUpper', param('environment')) : param('environment')],
  );
  return out.every((p) => typeof p === 'string') ? out.join('') : { $: 'atpl', parts: out };
}

/** Splits off the field's fixed prefix and suffix: the rule applies to what is between. */
export function splitAffixes(
  parts: readonly TFixPart[],
  field: Pick<TNameField, 'prefix' | 'suffix'>,
): { before: string; core: TFixPart[]; after: string } {
  const core = [...parts];
  let before = '';
  let after = '';
  const first = core[0];
  if (field.prefix && typeof first === 'string' && first.startsWith(field.prefix)) {
    before = field.prefix;
    core[0] = first.slice(field.prefix.length);
  }
  const last = core[core.length - 1];
  const match = field.suffix && typeof last === 'string' ? field.suffix.exec(last) : null;
  if (match) {
    after = match[0];
    core[core.length - 1] = (last as string).slice(0, match.index);
  }
  return { before, core: core.filter((p) => p !== ''), after };
}

/** The rule with the affixes' length taken out of the limit (AWS counts `alias/` and `.fifo`). */
const within = new Map<string, TNameRule>();
export function ruleWithin(rule: TNameRule, before: string, after: string): TNameRule {
  const taken = before.length + after.length;
  if (taken === 0) return rule;
  const key = `${rule.label}|${taken}`;
  let out = within.get(key);
  // One object per rule and length: compiled character classes are cached per rule object.
  if (!out) within.set(key, (out = { ...rule, max: rule.max - taken }));
  return out;
}

/** True when the name already obeys the rule for every environment (no fix to build). */
function isValid(parts: readonly TFixPart[], field: TNameField, longestEnv: number): boolean {
  // Every resource's name is checked: without affixes there is nothing to split off.
  const { before, core, after } =
    field.prefix || field.suffix
      ? splitAffixes(parts, field)
      : { before: '', core: parts, after: '' };
  let sample = '';
  for (const p of core) {
    sample +=
      typeof p === 'string'
        ? p
        : 'opaque' in p
          ? 'p'.repeat(p.length)
          : (p.upper ? 'A' : 'a').repeat(longestEnv);
  }
  return nameProblems(sample, ruleWithin(ruleFor(field.rule), before, after)).length === 0;
}

function fixParts(
  parts: readonly TFixPart[],
  field: TNameField,
  longestEnv: number,
  tag?: string,
): TFixPart[] {
  const { before, core, after } = splitAffixes(parts, field);
  const rule = ruleFor(field.rule);
  const tagged = tag ? [...core, '-', tag] : core;
  const fixed = fixName(tagged, ruleWithin(rule, before, after), longestEnv);
  const out: TFixPart[] = [];
  for (const p of [before, ...fixed, after]) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else if (p !== '') out.push(p);
  }
  return out;
}

/** What the fixes of one build share: names they produced, to keep shortened names apart. */
export interface TNameFixer {
  readonly longestEnv: number;
  /** `type|attr|name` (environment as `{env}`) -> the resource that holds it. */
  readonly taken: Map<string, string>;
}

export const createNameFixer = (longestEnv: number): TNameFixer => ({
  longestEnv,
  taken: new Map(),
});

/**
 * Fixes one name; when shortening made it equal to a name fixed for another resource of the
 * type (two autoscalers whose node names were the dropped words), a short stable hash of the
 * resource's address keeps them apart.
 */
function fixOne(
  fixer: TNameFixer,
  key: string,
  owner: string,
  parts: readonly TFixPart[],
  field: TNameField,
): readonly TFixPart[] {
  let fixed = isValid(parts, field, fixer.longestEnv)
    ? parts
    : fixParts(parts, field, fixer.longestEnv);
  if (field.scoped) return fixed;
  let id = takenKey(key, fixed);
  const other = fixer.taken.get(id);
  if (other !== undefined && other !== owner) {
    fixed = fixParts(parts, field, fixer.longestEnv, shortHash(owner, 4));
    id = takenKey(key, fixed);
  }
  fixer.taken.set(id, owner);
  return fixed;
}

/** `type|attr|name` with the environment as `{env}` and other variables as `{var}`. */
function takenKey(key: string, parts: readonly TFixPart[]): string {
  let out = key + '|';
  for (const p of parts) out += typeof p === 'string' ? p : 'env' in p ? '{env}' : '{var}';
  return out;
}

/** The body with every name argument of the type fixed to the type's naming rule. */
export function fixTerraformNames(
  fixer: TNameFixer,
  type: string,
  address: string,
  body: TTfBody,
): TTfBody {
  let out: Record<string, TTfBody[string]> | undefined;
  for (const field of terraformNameFields(type)) {
    const parsed = parseTfName(body[field.attr]);
    if (!parsed) continue;
    const fixed = fixOne(fixer, `${type}|${field.attr}`, address, parsed.parts, field);
    if (fixed === parsed.parts) continue;
    out ??= { ...body };
    out[field.attr] = tfNameValue(fixed, parsed.opaque);
  }
  return out ?? body;
}

/** A resource's ARM name fixed to its type's naming rule. */
export function fixArmName(
  fixer: TNameFixer,
  resource: { readonly type: string; readonly symbol: string; readonly parent?: string },
  name: TArmValue,
): TArmValue {
  const rule = ARM_NAME_RULES[resource.type];
  const parsed = rule ? parseArmName(name) : undefined;
  if (!rule || !parsed) return name;
  // A child's name is unique within its parent only.
  const key = `${resource.type}|${resource.parent ?? ''}`;
  const fixed = fixOne(fixer, key, resource.symbol, parsed.parts, { attr: 'name', rule });
  return fixed === parsed.parts ? name : armNameValue(fixed);
}
