import { z } from 'zod';

export const NAME_TOKENS = ['org', 'project', 'env', 'region', 'type', 'name', 'instance'] as const;
export type TNameToken = (typeof NAME_TOKENS)[number];

export const NAME_CASES = ['lower', 'upper', 'preserve'] as const;
export const NAME_SEPARATORS = ['-', '_', '.', ''] as const;

/**
 * What is wrong with a naming pattern: an unclosed `{token` or an unknown `{token}` would
 * otherwise end up in every name as literal text.
 */
export function patternProblems(pattern: string): string[] {
  const problems: string[] = [];
  for (const m of pattern.matchAll(/\{([^{}]*)(\}?)/g)) {
    const [text, token, close] = m;
    if (!close) problems.push(`"${text}" is not closed: write {${token}}`);
    else if (!(NAME_TOKENS as readonly string[]).includes(token ?? ''))
      problems.push(`{${token}} is not a token: use ${NAME_TOKENS.map((t) => `{${t}}`).join(' ')}`);
  }
  if (/\}/.test(pattern.replace(/\{[^{}]*\}/g, ''))) problems.push('"}" without an opening "{"');
  return problems;
}

/** Step 3 of the planner: how every resource is named. */
export const ZNamingConvention = z.object({
  /** Tokens in braces and free text; `-`, `_`, `.` and spaces between segments become `separator`. */
  pattern: z
    .string()
    .min(1)
    .max(200)
    .superRefine((pattern, ctx) => {
      for (const message of patternProblems(pattern)) ctx.addIssue({ code: 'custom', message });
    })
    .default('{org}-{project}-{env}-{type}-{name}'),
  separator: z.enum(NAME_SEPARATORS).default('-'),
  case: z.enum(NAME_CASES).default('lower'),
  org: z
    .string()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'org may hold letters and digits only')
    .default(''),
  project: z
    .string()
    .max(30)
    .regex(/^[A-Za-z0-9]*$/, 'project may hold letters and digits only')
    .default(''),
  /** Per service kind (`vm`, `postgresql`...) or per Terraform resource type. */
  abbreviations: z.record(z.string(), z.string().regex(/^[A-Za-z0-9]{1,10}$/)).default({}),
  /** Width of `{instance}` (zero-padded counter of components of the same service). */
  instanceDigits: z.number().int().min(1).max(4).default(2),
});
export type TNamingConvention = z.infer<typeof ZNamingConvention>;

export const DEFAULT_NAMING: TNamingConvention = ZNamingConvention.parse({});
