import type { TCloud } from '../iac/types';
import type { TTagMap, TTagViolation } from './model';

/** Each cloud's own limits on tags (labels on GCP, freeform tags on OCI). */
export interface TCloudTagRules {
  readonly label: string;
  readonly maxTags: number;
  readonly maxKey: number;
  readonly maxValue: number;
  /** The key as the cloud accepts it (the generator writes this form). */
  normaliseKey(key: string): string;
  normaliseValue(value: string): string;
  /** Why a key is refused as written, or undefined. */
  keyProblem(key: string): string | undefined;
  valueProblem(value: string): string | undefined;
}

const cut = (s: string, n: number) => [...s].slice(0, n).join('');

const gcpText = (s: string) => cut(s.toLowerCase().replace(/[^a-z0-9_-]/g, '_'), 63);

export const CLOUD_TAG_RULES: Readonly<Record<TCloud, TCloudTagRules>> = {
  aws: {
    label: 'AWS tags',
    maxTags: 50,
    maxKey: 128,
    maxValue: 256,
    normaliseKey: (k) =>
      cut(k.replace(/^aws:/i, '').replace(/[^\p{L}\p{N}\s_.:/=+\-@]/gu, '_'), 128),
    normaliseValue: (v) => cut(v.replace(/[^\p{L}\p{N}\s_.:/=+\-@]/gu, '_'), 256),
    keyProblem: (k) =>
      /^aws:/i.test(k)
        ? 'the aws: prefix is reserved for AWS'
        : [...k].length > 128
          ? 'AWS keys are at most 128 characters'
          : /[^\p{L}\p{N}\s_.:/=+\-@]/u.test(k)
            ? 'AWS keys are letters, digits, spaces and _ . : / = + - @ only'
            : undefined,
    valueProblem: (v) =>
      [...v].length > 256
        ? 'AWS values are at most 256 characters'
        : /[^\p{L}\p{N}\s_.:/=+\-@]/u.test(v)
          ? 'AWS values are letters, digits, spaces and _ . : / = + - @ only'
          : undefined,
  },
  azure: {
    label: 'Azure tags',
    maxTags: 50,
    maxKey: 512,
    maxValue: 256,
    normaliseKey: (k) => cut(k.replace(/[<>%&\\?/]/g, '-'), 512),
    normaliseValue: (v) => cut(v, 256),
    keyProblem: (k) =>
      [...k].length > 512
        ? 'Azure tag names are at most 512 characters'
        : /[<>%&\\?/]/.test(k)
          ? 'Azure tag names cannot contain < > % & \\ ? /'
          : undefined,
    valueProblem: (v) =>
      [...v].length > 256 ? 'Azure tag values are at most 256 characters' : undefined,
  },
  gcp: {
    label: 'GCP labels',
    maxTags: 64,
    maxKey: 63,
    maxValue: 63,
    normaliseKey: (k) => {
      const key = gcpText(k);
      return /^[a-z]/.test(key) ? key : cut(`k${key}`, 63);
    },
    normaliseValue: gcpText,
    keyProblem: (k) =>
      !/^[a-z]/.test(k)
        ? 'GCP label keys start with a lowercase letter'
        : /[^a-z0-9_-]/.test(k)
          ? 'GCP label keys are lowercase letters, digits, _ and - only (no spaces)'
          : k.length > 63
            ? 'GCP label keys are at most 63 characters'
            : undefined,
    valueProblem: (v) =>
      /[^a-z0-9_-]/.test(v)
        ? 'GCP label values are lowercase letters, digits, _ and - only (no spaces)'
        : v.length > 63
          ? 'GCP label values are at most 63 characters'
          : undefined,
  },
  oci: {
    label: 'OCI freeform tags',
    maxTags: 64,
    maxKey: 100,
    maxValue: 256,
    normaliseKey: (k) => cut(k.replace(/[\s.]+/g, '_'), 100),
    normaliseValue: (v) => cut(v, 256),
    keyProblem: (k) =>
      /[\s.]/.test(k)
        ? 'OCI freeform tag keys have no spaces or periods'
        : [...k].length > 100
          ? 'OCI freeform tag keys are at most 100 characters'
          : undefined,
    valueProblem: (v) =>
      [...v].length > 256 ? 'OCI freeform tag values are at most 256 characters' : undefined,
  },
};

/** The tags as the cloud accepts them: what the generator writes. */
export function normaliseTags(cloud: TCloud, tags: TTagMap): Record<string, string> {
  const rules = CLOUD_TAG_RULES[cloud];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tags)) out[rules.normaliseKey(k)] = rules.normaliseValue(v);
  return out;
}

const violation = (v: Omit<TTagViolation, 'policyId' | 'policyName'>): TTagViolation => ({
  ...v,
  policyId: null,
  policyName: null,
});

/**
 * Where tags break the cloud's own rules, each with the fix. Keys and values the generator can
 * rewrite are warnings (it writes the fixed form); too many tags cannot be fixed for the user.
 * `builtIn` counts the tags Stratum adds itself (environment, managed-by, Name).
 */
export function cloudTagViolations(cloud: TCloud, tags: TTagMap, builtIn = 0): TTagViolation[] {
  const rules = CLOUD_TAG_RULES[cloud];
  const out: TTagViolation[] = [];
  const entries = Object.entries(tags);
  for (const [key, value] of entries) {
    const keyProblem = rules.keyProblem(key);
    if (keyProblem) {
      const fixed = rules.normaliseKey(key);
      out.push(
        violation({
          code: 'cloud-key-invalid',
          severity: 'warning',
          key,
          value,
          message: `${rules.label}: ${keyProblem} (“${key}”).`,
          fix: `rename \`${key}\` to \`${fixed}\``,
        }),
      );
    }
    const valueProblem = rules.valueProblem(value);
    if (valueProblem) {
      const fixed = rules.normaliseValue(value);
      out.push(
        violation({
          code: 'cloud-value-invalid',
          severity: 'warning',
          key,
          value,
          message: `${rules.label}: ${valueProblem} (${key} = “${value}”).`,
          fix: `change the value of \`${key}\` to \`${fixed}\``,
        }),
      );
    }
  }
  if (entries.length + builtIn > rules.maxTags) {
    const over = entries.length + builtIn - rules.maxTags;
    out.push(
      violation({
        code: 'cloud-too-many',
        severity: 'error',
        key: '',
        value: null,
        message: `${rules.label}: at most ${rules.maxTags} per resource; this one would have ${entries.length + builtIn}${builtIn ? ` (${builtIn} added by Stratum)` : ''}.`,
        fix: `remove ${over} tag${over === 1 ? '' : 's'}`,
      }),
    );
  }
  return out;
}
