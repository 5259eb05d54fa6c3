import type { TAttrPath, TAttributeChange } from '../contract/drift/scans';
import { MASKED_VALUE } from '../contract/inventory/model';

/**
 * A live Kubernetes object against the manifest Stratum applied to it (issue 14 §6), the way
 * `kubectl diff` reads a server-side apply: only the fields the manifest sets are compared, so
 * the API server's defaults and controllers' status are never drift. Lists of objects with a
 * `name` (containers, ports, env, volumes) are matched by name, other lists by position.
 * Quantities compare by value (`0.5` ≡ `500m`, `1Gi` ≡ `1024Mi`), numbers with their decimal
 * strings (`80` ≡ `"80"`). A Secret's values are compared by digest and never shown.
 */
export function compareManifest(
  manifest: Record<string, unknown>,
  live: Record<string, unknown>,
  options: { secretDigest?: (base64: string) => string } = {},
): TAttributeChange[] {
  const changes: TAttributeChange[] = [];
  const isSecret = manifest.kind === 'Secret';
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'apiVersion' || key === 'kind' || key === 'status') continue;
    if (key === 'metadata') {
      compareMetadata(value, live.metadata, changes);
      continue;
    }
    if (isSecret && key === 'data') {
      compareSecretData(value, live.data, options.secretDigest, changes);
      continue;
    }
    compareValue(value, live[key], [key], changes);
  }
  return changes;
}

/** Metadata the manifest can set and a person can change: labels and annotations. */
function compareMetadata(desired: unknown, actual: unknown, changes: TAttributeChange[]): void {
  const d = asObject(desired);
  const a = asObject(actual) ?? {};
  if (!d) return;
  for (const field of ['labels', 'annotations'] as const) {
    const wanted = asObject(d[field]);
    if (!wanted) continue;
    const have = asObject(a[field]) ?? {};
    for (const [key, value] of Object.entries(wanted)) {
      if (field === 'annotations' && key === LAST_APPLIED) continue;
      if (!sameScalar(value, have[key]))
        changes.push({ path: ['metadata', field, key], before: value, after: have[key] });
    }
  }
}

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

function compareSecretData(
  desired: unknown,
  actual: unknown,
  digest: ((base64: string) => string) | undefined,
  changes: TAttributeChange[],
): void {
  const d = asObject(desired);
  if (!d) return;
  const a = asObject(actual) ?? {};
  for (const [key, value] of Object.entries(d)) {
    const live = a[key];
    const liveDigest = typeof live === 'string' && digest ? digest(live) : live;
    if (liveDigest !== value) {
      changes.push({
        path: ['data', key],
        before: MASKED_VALUE,
        after: live === undefined ? undefined : MASKED_VALUE,
      });
    }
  }
}

function compareValue(
  desired: unknown,
  actual: unknown,
  path: TAttrPath,
  changes: TAttributeChange[],
): void {
  if (desired === null || desired === undefined) return;
  const d = asObject(desired);
  if (d) {
    const a = asObject(actual);
    if (!a) {
      if (Object.keys(d).length > 0) changes.push({ path, before: desired, after: actual });
      return;
    }
    for (const [key, value] of Object.entries(d))
      compareValue(value, a[key], [...path, key], changes);
    return;
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(actual)) {
      if (desired.length > 0) changes.push({ path, before: desired, after: actual });
      return;
    }
    const byName = desired.every((x) => typeof asObject(x)?.name === 'string');
    if (byName) {
      const live = new Map<unknown, unknown>(actual.map((x) => [asObject(x)?.name, x]));
      for (const item of desired) {
        const name = (item as { name: string }).name;
        const match = live.get(name);
        if (match === undefined)
          changes.push({ path: [...path, name], before: item, after: undefined });
        else compareValue(item, match, [...path, name], changes);
      }
      return;
    }
    if (desired.every((x) => asObject(x) === null && !Array.isArray(x))) {
      // A list of scalars is one value: the same elements in the same order.
      const same =
        desired.length === actual.length && desired.every((x, i) => sameScalar(x, actual[i]));
      if (!same) changes.push({ path, before: desired, after: actual });
      return;
    }
    if (actual.length < desired.length) {
      changes.push({ path, before: desired, after: actual });
      return;
    }
    desired.forEach((item, i) => compareValue(item, actual[i], [...path, i], changes));
    return;
  }
  if (!sameScalar(desired, actual, isQuantityPath(path)))
    changes.push({ path, before: desired, after: actual });
}

/** Where Kubernetes writes quantities (and canonicalises them: `0.5` is read back as `500m`). */
const isQuantityPath = (path: TAttrPath) =>
  path.some((step) => step === 'resources' || step === 'capacity' || step === 'sizeLimit');

/**
 * Equal scalars: the same value, or a number and its decimal string; where quantities are kept,
 * the same quantity.
 */
export function sameScalar(a: unknown, b: unknown, isQuantity = false): boolean {
  if (a === b) return true;
  const isScalar = (v: unknown): v is string | number | boolean =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  if (!isScalar(a) || !isScalar(b)) return false;
  if (String(a) === String(b)) return true;
  if (!isQuantity) return false;
  const qa = quantity(a);
  const qb = quantity(b);
  return qa !== null && qb !== null && Math.abs(qa - qb) <= Math.abs(qa) * 1e-12;
}

const SUFFIX: Record<string, number> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A Kubernetes quantity (`500m`, `1.5Gi`, `2e3`, `8`) as a number, or null. */
export function quantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(
    value.trim(),
  );
  if (!m?.[1]) return null;
  const base = Number(m[1] + (m[2] ?? ''));
  const factor = SUFFIX[m[3] ?? ''];
  return Number.isFinite(base) && factor !== undefined ? base * factor : null;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
