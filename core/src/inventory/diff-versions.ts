import type { TVersionDiff } from '../contract/inventory/model';
import type { TParsedSource } from './model';

/**
 * What changed between two versions of one source, by address: managed instances added, removed,
 * and changed with the top-level attribute names whose values differ (compared by value, so key
 * order in the file does not matter). Data sources are not assets and are left out.
 */
export function diffVersions(
  from: Pick<TParsedSource, 'instances'>,
  to: Pick<TParsedSource, 'instances'>,
  versions: { from: number; to: number },
): TVersionDiff {
  const before = managedByAddress(from);
  const after = managedByAddress(to);
  const added: string[] = [];
  const removed: string[] = [];
  const changed: TVersionDiff['changed'] = [];
  for (const [address, attributes] of after) {
    const old = before.get(address);
    if (!old) {
      added.push(address);
      continue;
    }
    const names = new Set([...Object.keys(old), ...Object.keys(attributes)]);
    const differing = [...names].filter((n) => !deepEqual(old[n], attributes[n])).sort();
    if (differing.length > 0) changed.push({ address, attributes: differing });
  }
  for (const address of before.keys()) if (!after.has(address)) removed.push(address);
  return { from: versions.from, to: versions.to, added, removed, changed };
}

function managedByAddress(source: Pick<TParsedSource, 'instances'>) {
  const map = new Map<string, Readonly<Record<string, unknown>>>();
  for (const i of source.instances) if (i.mode === 'managed') map.set(i.address, i.attributes);
  return map;
}

/** JSON values compared by value (objects by keys, arrays by position). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => Object.hasOwn(rb, k) && deepEqual(ra[k], rb[k]));
}
