import type { TArmResource } from '../ir/arm-ir';
import type { TTfResource } from '../ir/terraform-ir';
import { parseArmName, parseTfName, ruleWithin, splitAffixes } from './name-value';
import { checkName, type TFixPart } from './resolve';
import { ruleFor } from './rules';
import { ARM_NAME_RULES } from './arm-type-rules';
import { terraformNameFields, type TNameField } from './type-rules';

/** A name in the built code that its resource type refuses, in one environment. */
export interface TNameFinding {
  /** `aws_sqs_queue.jobs_dlq` or the ARM symbol. */
  readonly resource: string;
  readonly attr: string;
  readonly env: string;
  readonly name: string;
  readonly rule: string;
  readonly reasons: readonly string[];
}

export interface TNameCheckInput {
  readonly environments: readonly string[];
  readonly terraform?: readonly TTfResource[];
  readonly arm?: readonly TArmResource[];
}

function render(parts: readonly TFixPart[], env: string): string {
  return parts
    .map((p) =>
      typeof p === 'string'
        ? p
        : 'opaque' in p
          ? // A variable of known length (a GCP project id) stands in as letters.
            'p'.repeat(p.length)
          : p.upper
            ? env.toUpperCase()
            : env,
    )
    .join('');
}

function findings(
  resource: string,
  parts: readonly TFixPart[],
  field: TNameField,
  environments: readonly string[],
): TNameFinding[] {
  const { before, core, after } = splitAffixes(parts, field);
  const rule = ruleWithin(ruleFor(field.rule), before, after);
  const out: TNameFinding[] = [];
  for (const env of environments) {
    const reasons = checkName(render(core, env), rule);
    if (reasons.length > 0) {
      const name = render(parts, env);
      out.push({ resource, attr: field.attr, env, name, rule: rule.label, reasons });
    }
  }
  return out;
}

/**
 * Every literal or templated name of the built code checked against its resource type's rule
 * once per declared environment (the environment variable takes each value in turn).
 * Names made of other expressions (another resource's attribute) are not names the engine
 * composed and are left alone.
 */
export function checkNames(input: TNameCheckInput): TNameFinding[] {
  const out: TNameFinding[] = [];
  const env = input.environments[0] ?? '';
  const holders = new Map<string, string>();
  for (const r of input.terraform ?? []) {
    if (r.mode !== 'resource') continue;
    const address = `${r.type}.${r.name}`;
    for (const field of terraformNameFields(r.type)) {
      const parsed = parseTfName(r.body[field.attr]);
      if (!parsed) continue;
      out.push(...findings(address, parsed.parts, field, input.environments));
      // Two resources of a type with one name: the second apply fails (or replaces the first).
      const name = render(parsed.parts, env);
      const key = `${r.type}|${field.attr}|${name}`;
      const other = field.scoped ? undefined : holders.get(key);
      if (other === undefined) holders.set(key, address);
      else {
        const reasons = [`same name as ${other}`];
        out.push({ resource: address, attr: field.attr, env, name, rule: field.rule, reasons });
      }
    }
  }
  for (const r of input.arm ?? []) {
    const rule = ARM_NAME_RULES[r.type];
    const parsed = rule ? parseArmName(r.name) : undefined;
    if (rule && parsed)
      out.push(...findings(r.symbol, parsed.parts, { attr: 'name', rule }, input.environments));
  }
  return out;
}
