import type { z } from 'zod';
import { ZDesignV1 } from './schema-v1';
import { ZDesignV2, type TDesign } from './schema-v2';
import { upgradeV1 } from './upgrade';

export const CURRENT_DESIGN_VERSION = 2;

export interface TDesignIssue {
  /** JSON path in the document (`components[2].properties.instanceType`), empty for the whole. */
  readonly path: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export type TParseResult =
  | { readonly ok: true; readonly design: TDesign; readonly upgradedFrom?: number }
  | { readonly ok: false; readonly issues: readonly TDesignIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

function zodIssues(error: z.ZodError): TDesignIssue[] {
  return error.issues.map((i) => ({
    path: formatPath(i.path),
    message: i.message,
    severity: 'error' as const,
  }));
}

/** Reads any stored version of the design document and upgrades it to the current one. */
export function parseDesign(input: unknown): TParseResult {
  const v = typeof input === 'object' && input !== null ? (input as { v?: unknown }).v : undefined;
  if (v === 1) {
    const old = ZDesignV1.safeParse(input);
    if (!old.success) return { ok: false, issues: zodIssues(old.error) };
    const next = ZDesignV2.safeParse(upgradeV1(old.data));
    return next.success
      ? { ok: true, design: next.data, upgradedFrom: 1 }
      : { ok: false, issues: zodIssues(next.error) };
  }
  if (v !== CURRENT_DESIGN_VERSION) {
    return {
      ok: false,
      issues: [
        {
          path: 'v',
          message: `unsupported design version ${String(v)} (expected 1 or 2)`,
          severity: 'error',
        },
      ],
    };
  }
  const parsed = ZDesignV2.safeParse(input);
  return parsed.success
    ? { ok: true, design: parsed.data }
    : { ok: false, issues: zodIssues(parsed.error) };
}
