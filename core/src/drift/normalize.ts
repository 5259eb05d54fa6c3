import type { TAttrPath, TAttributeChange } from '../contract/drift/scans';
import {
  countNoise,
  isAzureId,
  isComputedInformational,
  isMasked,
  isTerraformOnly,
  type TNoiseCounts,
} from './noise';

/**
 * Compares a resource's attributes as IaC has them (desired) with what the cloud returned
 * (actual), setting noise aside (noise.ts) and answering the differences that are drift.
 *
 * Decisions worth knowing:
 * - A plain object is a map (tags, labels): its keys are data, so `{ "Name": "" }` is a tag and
 *   not "unset". An object inside a list is a block: it is unset when all its values are.
 * - Numbers and numeric strings: `8` and `"8"` are the same value read by two readers (state
 *   stores what the schema says; a what-if or a hand-made snapshot may quote it). They are equal
 *   only when the string is the canonical decimal of the number (`"8"`, `"8.5"`, not `"08"`).
 * - Lists: same elements in another order are equal (Terraform sets are unordered, and a list
 *   reordered in the cloud is rarely what a user calls drift); counted as `order-only`.
 * - Keys are kept exactly: `"tag "` and `"tag"` are two keys.
 */

export const SENSITIVE_MASK = '(sensitive)';

interface TCtx {
  noise: TNoiseCounts;
  out: TAttributeChange[];
}

export function isEmptyValue(v: unknown, isBlock = false): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.every((e) => isEmptyValue(e, true));
  if (typeof v === 'object') {
    const values = Object.values(v);
    return isBlock ? values.every((e) => isEmptyValue(e, false)) : values.length === 0;
  }
  return false;
}

export function rawEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((e, i) => rawEqual(e, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  if (ka.length !== Object.keys(rb).length) return false;
  return ka.every((k) => k in rb && rawEqual(ra[k], rb[k]));
}

const CANONICAL_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function scalarAsStringEqual(a: unknown, b: unknown): boolean {
  const [s, other] = typeof a === 'string' ? [a, b] : [b, a];
  if (typeof s !== 'string') return false;
  if (typeof other === 'number') return CANONICAL_NUMBER.test(s) && Number(s) === other;
  if (typeof other === 'boolean') return s === String(other);
  return false;
}

function parseJsonDoc(s: string): unknown {
  const t = s.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** Key order never matters; with `isLenient` (IAM policies) list order and `"a"` ≡ `["a"]` do not either. */
function jsonEqual(a: unknown, b: unknown, isLenient: boolean): boolean {
  if (isLenient) {
    if (typeof a === 'string' && Array.isArray(b) && b.length === 1)
      return jsonEqual(a, b[0], true);
    if (typeof b === 'string' && Array.isArray(a) && a.length === 1)
      return jsonEqual(a[0], b, true);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    if (!isLenient) return a.every((e, i) => jsonEqual(e, b[i], false));
    const left: unknown[] = [...(b as unknown[])];
    return a.every((e) => {
      const i = left.findIndex((x) => jsonEqual(e, x, true));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  }
  if (
    a &&
    b &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = Object.keys(ra);
    return (
      keys.length === Object.keys(rb).length &&
      keys.every((k) => k in rb && jsonEqual(ra[k], rb[k], isLenient))
    );
  }
  return a === b;
}

function isPolicyDoc(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'Statement' in v;
}

/** Two JSON strings that mean the same document (policies written with other spacing/order). */
export function jsonStringsEquivalent(a: string, b: string): boolean {
  const pa = parseJsonDoc(a);
  const pb = parseJsonDoc(b);
  if (pa === undefined || pb === undefined) return false;
  return (
    jsonEqual(pa, pb, false) || (isPolicyDoc(pa) && isPolicyDoc(pb) && jsonEqual(pa, pb, true))
  );
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function quietlyEqual(a: unknown, b: unknown, isBlock: boolean): boolean {
  const scratch: TCtx = { noise: {}, out: [] };
  compareValue([], a, b, isBlock, scratch);
  return scratch.out.length === 0;
}

/** Pairs equal elements regardless of order; the indexes left over on each side. */
function matchElements(a: readonly unknown[], b: readonly unknown[]) {
  const used = new Set<number>();
  const pairs: [number, number][] = [];
  const onlyA: number[] = [];
  a.forEach((e, i) => {
    const j = b.findIndex((x, k) => !used.has(k) && quietlyEqual(e, x, true));
    if (j < 0) onlyA.push(i);
    else {
      used.add(j);
      pairs.push([i, j]);
    }
  });
  const onlyB = b.map((_, k) => k).filter((k) => !used.has(k));
  return { pairs, onlyA, onlyB };
}

function compareArrays(path: TAttrPath, a: unknown[], b: unknown[], ctx: TCtx): void {
  const isAllScalar = a.every(isScalar) && b.every(isScalar);
  const isSameOrder = a.length === b.length && a.every((e, i) => quietlyEqual(e, b[i], true));
  if (isSameOrder) {
    a.forEach((e, i) => compareValue([...path, i], e, b[i], true, ctx));
    return;
  }
  const { pairs, onlyA, onlyB } = matchElements(a, b);
  if (onlyA.length === 0 && onlyB.length === 0) {
    countNoise(ctx.noise, 'order-only');
    for (const [i, j] of pairs) compareValue([...path, i], a[i], b[j], true, ctx);
    return;
  }
  if (isAllScalar) {
    ctx.out.push({ path, before: a, after: b });
    return;
  }
  if (onlyA.length === onlyB.length) {
    // As many elements changed on each side: compare them pairwise (in order), so a changed
    // block in a reordered set is reported once, at its index in the code.
    onlyA.forEach((i, k) => compareValue([...path, i], a[i], b[onlyB[k] ?? i], true, ctx));
    return;
  }
  for (const i of onlyA) ctx.out.push({ path: [...path, i], before: a[i], after: undefined });
  for (const j of onlyB) ctx.out.push({ path: [...path, j], before: undefined, after: b[j] });
}

function compareValue(path: TAttrPath, a: unknown, b: unknown, isBlock: boolean, ctx: TCtx): void {
  if (rawEqual(a, b)) return;
  if (isMasked(a) || isMasked(b)) {
    countNoise(ctx.noise, 'masked');
    return;
  }
  if (isEmptyValue(a, isBlock) && isEmptyValue(b, isBlock)) {
    countNoise(ctx.noise, 'empty-equivalent');
    return;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (isAzureId(a) && isAzureId(b) && a.toLowerCase() === b.toLowerCase()) {
      countNoise(ctx.noise, 'azure-id-case');
      return;
    }
    if (jsonStringsEquivalent(a, b)) {
      countNoise(ctx.noise, 'json-equivalent');
      return;
    }
  }
  if (scalarAsStringEqual(a, b)) {
    countNoise(ctx.noise, 'scalar-as-string');
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    compareArrays(path, a, b, ctx);
    return;
  }
  // A map set on one side only is compared key by key (`tags.Name` added), not as a whole.
  const ra = asPlainObject(a) ?? (asPlainObject(b) && isEmptyValue(a) ? {} : null);
  const rb = asPlainObject(b) ?? (asPlainObject(a) && isEmptyValue(b) ? {} : null);
  if (ra && rb) {
    const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort();
    for (const k of keys) {
      // In a map a key set on one side only is a difference, even with an empty string (a
      // null value is no key at all).
      const isOneSided = k in ra !== k in rb && (k in ra ? ra[k] : rb[k]) !== null;
      if (!isBlock && isOneSided) ctx.out.push({ path: [...path, k], before: ra[k], after: rb[k] });
      else compareValue([...path, k], ra[k], rb[k], false, ctx);
    }
    return;
  }
  ctx.out.push({ path, before: a, after: b });
}

function asPlainObject(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

/** Compares two values the same way a resource's attributes are (for readers with deltas). */
export function compareValues(
  path: TAttrPath,
  desired: unknown,
  actual: unknown,
  noise: TNoiseCounts,
): TAttributeChange[] {
  const ctx: TCtx = { noise, out: [] };
  compareValue(path, desired, actual, false, ctx);
  return ctx.out;
}

function isUnder(path: TAttrPath, prefix: TAttrPath): boolean {
  const n = Math.min(path.length, prefix.length);
  for (let i = 0; i < n; i += 1) if (String(path[i]) !== String(prefix[i])) return false;
  return true;
}

/** Replaces values at or around a sensitive path with a mask, so no secret is ever answered. */
export function maskSensitive(
  changes: TAttributeChange[],
  sensitivePaths: readonly TAttrPath[],
): TAttributeChange[] {
  if (sensitivePaths.length === 0) return changes;
  return changes.map((c) =>
    sensitivePaths.some((p) => isUnder(c.path, p))
      ? {
          path: c.path,
          before: c.before === undefined ? undefined : SENSITIVE_MASK,
          after: c.after === undefined ? undefined : SENSITIVE_MASK,
        }
      : c,
  );
}

/**
 * The rules that judge a whole top-level attribute (timeouts, Terraform-only arguments the read
 * has nothing for, informational counts): true, and counted, when it is noise.
 */
export function isTopLevelNoise(
  type: string,
  key: string,
  actual: unknown,
  noise: TNoiseCounts,
): boolean {
  if (key === 'timeouts') countNoise(noise, 'timeouts');
  else if (isTerraformOnly(type, key) && isEmptyValue(actual)) countNoise(noise, 'terraform-only');
  else if (isComputedInformational(type, key)) countNoise(noise, 'computed-informational');
  else return false;
  return true;
}

/**
 * The drift between a resource as IaC has it and as the cloud returned it, noise set aside and
 * counted in `noise`. Sensitive values are compared but answered masked.
 */
export function compareResource(
  type: string,
  desired: Readonly<Record<string, unknown>>,
  actual: Readonly<Record<string, unknown>>,
  noise: TNoiseCounts,
  sensitivePaths: readonly TAttrPath[] = [],
): TAttributeChange[] {
  const ctx: TCtx = { noise, out: [] };
  const keys = [...new Set([...Object.keys(desired), ...Object.keys(actual)])].sort();
  for (const key of keys) {
    const a = desired[key];
    const b = actual[key];
    if (rawEqual(a, b)) continue;
    if (!(key in actual)) countNoise(noise, 'not-returned');
    else if (!(key in desired) && !isEmptyValue(b)) countNoise(noise, 'not-in-state');
    else if (!isTopLevelNoise(type, key, b, noise)) compareValue([key], a, b, false, ctx);
  }
  // `tags_all` repeats `tags`: a tag that differs in both is one drift, reported on `tags`.
  const tagKeys = new Set(
    ctx.out.filter((c) => c.path[0] === 'tags').map((c) => String(c.path[1])),
  );
  const hasTagsWhole = ctx.out.some((c) => c.path[0] === 'tags' && c.path.length === 1);
  const out = ctx.out.filter((c) => {
    if (c.path[0] !== 'tags_all') return true;
    if (hasTagsWhole || (c.path.length > 1 && tagKeys.has(String(c.path[1])))) {
      countNoise(noise, 'tags-all');
      return false;
    }
    return true;
  });
  return maskSensitive(out, sensitivePaths);
}
