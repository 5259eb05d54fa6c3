import type { TCloud } from '../iac/types';
import type { TTagMap, TTagPolicy, TTagRule, TTagViolation } from './model';

/** One resource's tags and what identifies its type (Terraform type, service id, kind). */
export interface TTagTarget {
  readonly cloud: TCloud | null;
  readonly types: readonly string[];
  readonly tags: TTagMap;
}

const globCache = new Map<string, RegExp>();
function glob(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (!re) {
    const body = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    re = new RegExp(`^${body}$`, 'i');
    globCache.set(pattern, re);
  }
  return re;
}

/** Whether a policy covers a resource: its cloud (or any) and one of its resource types. */
export function policyApplies(policy: TTagPolicy, target: TTagTarget): boolean {
  if (!policy.enabled) return false;
  if (policy.cloud !== 'any' && target.cloud !== null && policy.cloud !== target.cloud)
    return false;
  if (policy.cloud !== 'any' && target.cloud === null) return false;
  if (policy.resourceTypes.length === 0) return true;
  return policy.resourceTypes.some((p) => target.types.some((t) => glob(p).test(t)));
}

/** Keys that differ only in case, spaces or punctuation: `Cost Center`, `cost-center`, `COST_CENTER`. */
const canonical = (k: string) => k.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

const inCase = (v: string, c: TTagRule['valueCase']) =>
  c === 'lower' ? v.toLowerCase() : c === 'upper' ? v.toUpperCase() : v;

function describeWanted(rule: TTagRule): string {
  if (rule.allowedValues.length > 0) return ` with one of: ${rule.allowedValues.join(', ')}`;
  if (rule.pattern) return ` with a value matching ${rule.pattern}`;
  return '';
}

function checkRule(
  rule: TTagRule,
  tags: TTagMap,
): Omit<TTagViolation, 'severity' | 'policyId' | 'policyName'>[] {
  const key = rule.key;
  if (!(key in tags)) {
    const near = Object.keys(tags).find((k) => canonical(k) === canonical(key));
    if (near !== undefined) {
      return [
        {
          code: 'key-spelling',
          key: near,
          value: tags[near] ?? null,
          message: `The tag \`${near}\` should be spelled \`${key}\`.`,
          fix: `rename \`${near}\` to \`${key}\``,
        },
      ];
    }
    if (!rule.required) return [];
    return [
      {
        code: 'missing-key',
        key,
        value: null,
        message: `The tag \`${key}\` is required.`,
        fix: `add \`${key}\`${describeWanted(rule)}`,
      },
    ];
  }
  const value = tags[key] ?? '';
  if (value.trim() === '') {
    return [
      {
        code: 'empty-value',
        key,
        value,
        message: `The tag \`${key}\` has no value.`,
        fix: `give \`${key}\` a value${describeWanted(rule)}`,
      },
    ];
  }
  const out: Omit<TTagViolation, 'severity' | 'policyId' | 'policyName'>[] = [];
  const cased = inCase(value, rule.valueCase);
  if (cased !== value) {
    out.push({
      code: 'value-case',
      key,
      value,
      message: `The value of \`${key}\` must be ${rule.valueCase}case.`,
      fix: `change \`${key}\` from \`${value}\` to \`${cased}\``,
    });
  }
  if (rule.allowedValues.length > 0 && !rule.allowedValues.includes(cased)) {
    const close = rule.allowedValues.find((a) => canonical(a) === canonical(value));
    out.push({
      code: 'value-not-allowed',
      key,
      value,
      message: `\`${value}\` is not an allowed value of \`${key}\`.`,
      fix: close
        ? `change \`${key}\` from \`${value}\` to \`${close}\``
        : `set \`${key}\` to one of: ${rule.allowedValues.join(', ')}`,
    });
  } else if (rule.pattern && !new RegExp(`^(?:${rule.pattern})$`, 'u').test(cased)) {
    out.push({
      code: 'value-pattern',
      key,
      value,
      message: `The value of \`${key}\` (\`${value}\`) does not match ${rule.pattern}.`,
      fix: `change \`${key}\` to a value matching ${rule.pattern}`,
    });
  }
  return out;
}

/** Every way a resource's tags break the policies that cover it, each with its fix. */
export function checkTagPolicies(
  target: TTagTarget,
  policies: readonly TTagPolicy[],
): TTagViolation[] {
  const out: TTagViolation[] = [];
  for (const policy of policies) {
    if (!policyApplies(policy, target)) continue;
    const severity = policy.enforcement === 'block' ? 'error' : 'warning';
    for (const rule of policy.rules) {
      for (const v of checkRule(rule, target.tags))
        out.push({ ...v, severity, policyId: policy.id, policyName: policy.name });
    }
  }
  return out;
}

/** The tags with every fix applied that needs no choice (renames, case); for previews. */
export function applyFixes(
  tags: TTagMap,
  violations: readonly TTagViolation[],
): Record<string, string> {
  const out: Record<string, string> = { ...tags };
  for (const v of violations) {
    const rename = /^rename `(.+)` to `(.+)`$/.exec(v.fix);
    if (rename && rename[1] !== undefined && rename[2] !== undefined && rename[1] in out) {
      out[rename[2]] = out[rename[1]] ?? '';
      delete out[rename[1]];
      continue;
    }
    const change = /^change `(.+)` from `.*` to `(.*)`$/.exec(v.fix);
    if (change && change[1] !== undefined && change[2] !== undefined) out[change[1]] = change[2];
  }
  return out;
}
