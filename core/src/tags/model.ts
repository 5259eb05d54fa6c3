import { z } from 'zod';
import { zString } from '../contract/common';
import { CLOUDS } from '../iac/types';

/**
 * Tags with policies (issue 16 §5): the keys and values a user (or, organisation-wide, an admin)
 * manages, and policies in the manner of AWS Tag Policies and Azure Policy — required keys,
 * allowed values, a value pattern and a case rule — per cloud, applied to a set of resources.
 */

export const POLICY_CLOUDS = [...CLOUDS, 'any'] as const;
export type TPolicyCloud = (typeof POLICY_CLOUDS)[number];

export const TAG_CASES = ['as-is', 'lower', 'upper'] as const;
export type TTagCase = (typeof TAG_CASES)[number];

/** Scope of a key or policy: the user's own, or the organisation's (written by admins). */
export const TAG_SCOPES = ['user', 'org'] as const;
export type TTagScope = (typeof TAG_SCOPES)[number];

/** A regular expression a value must match in full; checked here so a bad one is refused early. */
export const ZValuePattern = zString(200).refine(
  (p) => {
    try {
      new RegExp(`^(?:${p})$`, 'u');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'The pattern is not a valid regular expression.' },
);

// Control characters (code points below 32) never belong in a tag.
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32);

export const ZTagKeyName = zString(128)
  .pipe(z.string().trim().min(1, 'Give the tag a key.'))
  .refine((k) => !hasControl(k), { message: 'A tag key has no control characters.' });

export const ZTagValue = zString(256).refine((v) => !hasControl(v), {
  message: 'A tag value has no control characters.',
});

export const ZTagRule = z.object({
  key: ZTagKeyName,
  /** The key must be present on every resource the policy applies to. */
  required: z.boolean().default(true),
  /** When not empty, the only values allowed. */
  allowedValues: z.array(ZTagValue).max(100).default([]),
  /** A regular expression the whole value must match. */
  pattern: ZValuePattern.nullable().default(null),
  /** The value's case. */
  valueCase: z.enum(TAG_CASES).default('as-is'),
});
export type TTagRule = z.infer<typeof ZTagRule>;
export type TTagRuleInput = z.input<typeof ZTagRule>;

/** A resource type pattern: a Terraform type, a catalog service id or kind, `*` for any run. */
export const ZResourceSelector = zString(120).pipe(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.*/:-]+$/, 'Resource types are letters, digits and . _ - / : * only.'),
);

export const ZTagPolicyInput = z.object({
  name: zString(120).pipe(z.string().trim().min(1, 'Give the policy a name.')),
  description: zString(1000).default(''),
  cloud: z.enum(POLICY_CLOUDS),
  /** `block`: generation refuses a design that breaks it; `warn`: it is listed, not refused. */
  enforcement: z.enum(['block', 'warn']).default('block'),
  /** Which resources it applies to; empty means every resource that carries tags. */
  resourceTypes: z.array(ZResourceSelector).max(50).default([]),
  rules: z
    .array(ZTagRule)
    .min(1, 'A policy needs at least one rule.')
    .max(50)
    .refine((rules) => new Set(rules.map((r) => r.key)).size === rules.length, {
      message: 'Each key appears in one rule only.',
    }),
  enabled: z.boolean().default(true),
});
export type TTagPolicyInput = z.input<typeof ZTagPolicyInput>;

/** A policy as checks read it (the stored row's id and name identify it in violations). */
export type TTagPolicy = z.infer<typeof ZTagPolicyInput> & { readonly id: string };

export type TTagMap = Readonly<Record<string, string>>;

export const VIOLATION_CODES = [
  'missing-key',
  'key-spelling',
  'value-not-allowed',
  'value-pattern',
  'value-case',
  'empty-value',
  'cloud-key-invalid',
  'cloud-value-invalid',
  'cloud-too-many',
] as const;
export type TViolationCode = (typeof VIOLATION_CODES)[number];

export const ZTagViolation = z.object({
  code: z.enum(VIOLATION_CODES),
  /** `error` blocks generation; `warning` is listed only. */
  severity: z.enum(['error', 'warning']),
  key: z.string(),
  value: z.string().nullable(),
  message: z.string(),
  /** What to do, concretely: “rename `Cost Center` to `cost-center`”. */
  fix: z.string(),
  policyId: z.string().nullable(),
  policyName: z.string().nullable(),
});
export type TTagViolation = z.infer<typeof ZTagViolation>;
