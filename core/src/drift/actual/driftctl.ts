import type { TAttrPath, TAttributeChange } from '../../contract/drift/scans';
import { asArray, asRecord, asString } from '../../costing/tfplan/values';
import type { TReadActualResult } from '../model';
import { compareValues, isTopLevelNoise } from '../normalize';
import { emptyActual, suggestedAddress, verdict } from './common';

/**
 * A `driftctl scan --output json` result (also `snyk iac describe`, same engine). driftctl
 * already compared state and cloud: `managed` are in IaC and the cloud (in sync unless listed
 * in `differences`), `unmanaged` are only in the cloud, `missing` only in IaC. A difference's
 * changelog `from` is IaC, `to` the cloud. driftctl names resources by type and id, not by
 * address: detection puts the desired side's address on them when type and id match. Its
 * `summary` is not trusted (real reports disagree with their own lists); the lists are counted.
 */
export function readDriftctl(doc: unknown): TReadActualResult {
  const d = asRecord(doc);
  if (!d || !['managed', 'unmanaged', 'missing', 'differences'].some((k) => Array.isArray(d[k]))) {
    return {
      ok: false,
      message:
        'This is not a driftctl scan result: expected `managed`, `unmanaged`, `missing` or `differences` lists (driftctl scan --output json://…).',
    };
  }
  const actual = emptyActual();
  const ref = (raw: unknown) => {
    const r = asRecord(raw);
    const type = asString(r?.type);
    const id = asString(r?.id);
    if (!type || !id) return null;
    return { type, id };
  };
  const key = (type: string, id: string) => `${type}\u0000${id}`;

  const changed = new Set<string>();
  for (const raw of asArray(d.differences)) {
    const diff = asRecord(raw);
    const r = ref(diff?.res);
    if (!diff || !r) continue;
    const attributes = asArray(diff.changelog).flatMap((c) =>
      changelogEntry(r.type, c, actual.noise),
    );
    if (attributes.length === 0) continue;
    changed.add(key(r.type, r.id));
    actual.verdicts.push(
      verdict({
        address: suggestedAddress(r.type, r.id),
        id: r.id,
        resourceType: r.type,
        status: 'changed',
        attributes,
        isAddressSuggested: true,
      }),
    );
  }
  for (const [list, status] of [
    [d.missing, 'missing'],
    [d.unmanaged, 'unmanaged'],
  ] as const) {
    for (const raw of asArray(list)) {
      const r = ref(raw);
      if (!r) continue;
      actual.verdicts.push(
        verdict({
          address: suggestedAddress(r.type, r.id),
          id: r.id,
          resourceType: r.type,
          status,
          isAddressSuggested: true,
        }),
      );
    }
  }
  for (const raw of asArray(d.managed)) {
    const r = ref(raw);
    if (r && !changed.has(key(r.type, r.id))) actual.inSync.push({ address: null, ...r });
  }
  const alerts = asRecord(d.alerts);
  for (const [type, list] of Object.entries(alerts ?? {})) {
    for (const a of asArray(list)) {
      const message = asString(asRecord(a)?.message);
      if (message) actual.warnings.push(`driftctl alert on ${type}: ${message}`);
    }
  }
  return { ok: true, value: actual };
}

function changelogEntry(
  type: string,
  raw: unknown,
  noise: Record<string, number>,
): TAttributeChange[] {
  const c = asRecord(raw);
  if (!c) return [];
  const path: TAttrPath = asArray(c.path).map((p) =>
    typeof p === 'number' ? p : /^\d+$/.test(String(p)) ? Number(p) : String(p),
  );
  if (path.length === 1 && isTopLevelNoise(type, String(path[0]), c.to, noise)) return [];
  return compareValues(path, c.from, c.to, noise);
}
