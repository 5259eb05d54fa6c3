import type { TDesignIssue } from '../iac/design/parse';
import { parseDesign } from '../iac/design/parse';
import type { TDesign } from '../iac/design/schema-v2';
import { CLOUD_PROFILES } from '../iac/catalog/registry';
import { prepareParsedDesign } from '../iac/generate';
import { applyDesignPatch, describePatch, ZDesignPatch, type TDesignPatch } from './patch';

export type TPatchCheck =
  | {
      readonly ok: true;
      readonly patch: TDesignPatch;
      /** One line per change, for the chat panel. */
      readonly changes: string[];
    }
  | { readonly ok: false; readonly issues: readonly Pick<TDesignIssue, 'path' | 'message'>[] };

/**
 * Whether a proposed patch (the tool call's raw arguments) may be offered: it must read as a
 * patch, apply to `design` as a whole, and leave a design the engine accepts (schema, catalog
 * services, properties, connections: the same checks as generation).
 */
export function checkDesignPatch(design: TDesign, rawArguments: unknown): TPatchCheck {
  const read = ZDesignPatch.safeParse(rawArguments);
  if (!read.success) {
    return {
      ok: false,
      issues: read.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  }
  const applied = applyDesignPatch(design, read.data);
  if (!applied.ok) return { ok: false, issues: [{ path: '', message: applied.message }] };
  const parsed = parseDesign(applied.value);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const prepared = prepareParsedDesign(parsed.design);
  if (!prepared.ok) {
    return { ok: false, issues: prepared.issues.filter((i) => i.severity === 'error') };
  }
  return { ok: true, patch: read.data, changes: describePatch(read.data) };
}

/** The design a new chat starts from when the user has none open: nothing on it yet. */
export function emptyDesign(provider: TDesign['provider'] = 'aws'): TDesign {
  const region = CLOUD_PROFILES[provider].regions[0] ?? 'us-east-1';
  const parsed = parseDesign({ v: 2, name: 'my-architecture', provider, region });
  if (!parsed.ok) throw new Error('the empty design must parse');
  return parsed.design;
}
