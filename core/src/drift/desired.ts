import type { TAttrPath } from '../contract/drift/scans';
import { formatIndex } from '../costing/tfplan/address';
import { parseTerraformJson } from '../costing/tfplan/parse';
import { asArray, asRecord, asString } from '../costing/tfplan/values';
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
 * state) through the shared Terraform parser, with the state's `sensitive_attributes`.
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
  const sensitive = rawStateSensitivePaths(text);
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
          sensitivePaths: sensitive.get(r.address) ?? [],
        };
      }),
  };
}

/** `sensitive_attributes` of a raw state: paths of `{ type: 'get_attr' | 'index', value }` steps. */
function rawStateSensitivePaths(text: string): Map<string, TAttrPath[]> {
  const out = new Map<string, TAttrPath[]>();
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return out;
  }
  for (const r of asArray(asRecord(doc)?.resources)) {
    const res = asRecord(r);
    const type = asString(res?.type);
    const name = asString(res?.name);
    if (!res || !type || !name || res.mode === 'data') continue;
    const module = asString(res.module);
    for (const i of asArray(res.instances)) {
      const inst = asRecord(i);
      const paths = asArray(inst?.sensitive_attributes)
        .map(stepsToPath)
        .filter((p): p is TAttrPath => p !== null && p.length > 0);
      if (!inst || paths.length === 0) continue;
      const local = `${type}.${name}${formatIndex(inst.index_key)}`;
      out.set(module ? `${module}.${local}` : local, paths);
    }
  }
  return out;
}

function stepsToPath(steps: unknown): TAttrPath | null {
  if (!Array.isArray(steps)) return null;
  const path: TAttrPath = [];
  for (const s of steps) {
    const step = asRecord(s);
    if (!step) return null;
    const inner = asRecord(step.value);
    const v = inner ? inner.value : step.value;
    if (typeof v === 'string' || typeof v === 'number') path.push(v);
    else return null;
  }
  return path;
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
