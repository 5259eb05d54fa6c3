import type { TTfPath } from './model';
import { asRecord } from './values';

/**
 * Attribute paths a state marks sensitive. `sensitive_attributes` holds one path per entry, each
 * a list of cty path steps (`{"type":"get_attr","value":"password"}`, `{"type":"index","value":
 * {"value":0,"type":"number"}}`); some writers put the step value directly (`"value": 0`) or the
 * whole path as a plain attribute name (`"password"`). Unknown step shapes end the path there.
 */
export function sensitiveAttributePaths(raw: unknown): TTfPath[] {
  if (!Array.isArray(raw)) return [];
  const paths: TTfPath[] = [];
  for (const entry of raw) {
    if (typeof entry === 'string' && entry !== '') {
      paths.push([entry]);
      continue;
    }
    // Some writers wrap a single path as a list of steps without the outer list.
    const steps: unknown[] = Array.isArray(entry) ? entry : asRecord(entry) ? [entry] : [];
    const path: (string | number)[] = [];
    for (const step of steps) {
      const value = stepValue(step);
      if (value === null) break;
      path.push(value);
    }
    if (path.length > 0) paths.push(path);
  }
  return paths;
}

function stepValue(step: unknown): string | number | null {
  if (typeof step === 'string' || typeof step === 'number') return step;
  const s = asRecord(step);
  if (!s) return null;
  const inner = asRecord(s.value);
  const value: unknown = inner ? inner.value : s.value;
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/**
 * Paths of a plan's `after_sensitive` / `sensitive_values`: a mirror of the values where `true`
 * marks a sensitive value (a whole object or list may be `true`).
 */
export function mirrorSensitivePaths(mirror: unknown): TTfPath[] {
  const paths: TTfPath[] = [];
  const walk = (node: unknown, path: (string | number)[], depth: number) => {
    if (node === true) {
      if (path.length > 0) paths.push([...path]);
      return;
    }
    if (depth > 32) return;
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, [...path, i], depth + 1));
      return;
    }
    const record = asRecord(node);
    if (!record) return;
    for (const [key, child] of Object.entries(record)) walk(child, [...path, key], depth + 1);
  };
  walk(mirror, [], 0);
  return paths;
}
