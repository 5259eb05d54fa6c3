import type { TAttrPath } from '../contract/drift/scans';
import { parseTerraformJson } from '../costing/tfplan/parse';
import { asRecord } from '../costing/tfplan/values';
import type { TParsedSource } from '../inventory/model';
import type { TDesiredResource } from './model';

/** The desired side of a scan from an imported source: its managed instances (not data sources). */
export function desiredFromParsed(parsed: TParsedSource): TDesiredResource[] {
  return parsed.instances
    .filter((i) => i.mode === 'managed')
    .map((i) => ({
      address: i.address,
      type: i.type,
      id: i.cloudId ?? idOf(i.attributes),
      attributes: i.attributes,
      sensitivePaths: i.sensitivePaths,
    }));
}

export function idOf(attributes: Readonly<Record<string, unknown>> | null): string | null {
  const id = attributes?.id;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number') return String(id);
  return null;
}

/**
 * The desired side straight from a state's text (raw format 4, or `terraform show -json` of a
 * state) through the shared Terraform parser, with the paths the state marks sensitive.
 */
export function desiredFromState(
  text: string,
): { ok: true; value: TDesiredResource[] } | { ok: false; message: string } {
  const parsed = parseTerraformJson(text);
  if (!parsed.ok) return parsed;
  if (parsed.value.kind !== 'state') {
    return {
      ok: false,
      message: 'This is a plan, not a state: send it as the actual side (kind "plan").',
    };
  }
  return {
    ok: true,
    value: parsed.value.resources
      .filter((r) => r.mode === 'managed' && !r.address.includes(' (deposed '))
      .map((r) => {
        const attributes = { ...(r.before ?? {}) };
        return {
          address: r.address,
          type: r.type,
          id: idOf(attributes),
          attributes,
          sensitivePaths: r.sensitivePaths.map((p) => [...p]),
        };
      }),
  };
}

/** `before_sensitive` / `after_sensitive` of a plan (values shaped, `true` where sensitive) as paths. */
export function sensitiveMarksToPaths(marks: unknown, prefix: TAttrPath = []): TAttrPath[] {
  if (marks === true) return [prefix];
  if (Array.isArray(marks))
    return marks.flatMap((m, i) => sensitiveMarksToPaths(m, [...prefix, i]));
  const r = asRecord(marks);
  if (!r) return [];
  return Object.keys(r).flatMap((k) => sensitiveMarksToPaths(r[k], [...prefix, k]));
}
