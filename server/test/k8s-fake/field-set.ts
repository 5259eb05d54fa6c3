/**
 * Field sets in the managedFields `fieldsV1` form (`f:spec`, `k:{"name":"web"}`, `.`), and
 * the merge server-side apply does: maps merge, list-map items merge by key, everything
 * else is replaced. A path is the list of fieldsV1 segments.
 */
import { fieldsOf, isAtomic, isObject, itemKey, listMapKeys, type TypeRef } from './schema';

export type Path = string[];

/** Identity and server-owned fields are never tracked. */
const UNTRACKED_META = new Set([
  'name',
  'namespace',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'managedFields',
  'deletionTimestamp',
  'selfLink',
]);
const UNTRACKED_TOP = new Set(['apiVersion', 'kind', 'status']);

function childType(type: TypeRef, key: string): TypeRef | undefined {
  if (type.t === 'map') return type.of;
  if (type.t === 'model') return fieldsOf(type.name).get(key);
  return undefined;
}

function sortedKey(keys: string[], item: Record<string, unknown>): string {
  const key = itemKey(keys, item);
  const sorted = Object.fromEntries(
    Object.keys(key)
      .sort()
      .map((k) => [k, key[k]]),
  );
  return `k:${JSON.stringify(sorted)}`;
}

/** Every owned path of `value`: leaves, and list-map items (ending in a `k:` segment). */
export function fieldPaths(
  value: unknown,
  type: TypeRef,
  prefix: Path = [],
  out: Path[] = [],
): Path[] {
  const top = prefix.length === 0;
  if (type.t === 'list' && Array.isArray(value)) {
    const keys = listMapKeys(type.of);
    if (!keys) {
      out.push(prefix);
      return out;
    }
    for (const item of value) {
      if (!isObject(item)) continue;
      const itemPath = [...prefix, sortedKey(keys, item)];
      out.push(itemPath);
      fieldPaths(item, type.of, itemPath, out);
    }
    return out;
  }
  const atomic = type.t === 'model' && isAtomic(type.name);
  if (!isObject(value) || atomic || type.t === 'scalar' || Object.keys(value).length === 0) {
    if (!top) out.push(prefix);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    if (top && UNTRACKED_TOP.has(key)) continue;
    if (prefix.length === 1 && prefix[0] === 'f:metadata' && UNTRACKED_META.has(key)) continue;
    const ct = childType(type, key);
    if (!ct || child === undefined) continue;
    fieldPaths(child, ct, [...prefix, `f:${key}`], out);
  }
  return out;
}

export const pathId = (path: Path): string => path.join('\u0001');

/** `.spec.template.spec.containers[name="web"].image`, as conflict messages print paths. */
export function pathText(path: Path): string {
  return path
    .map((seg) => {
      if (seg.startsWith('f:')) return `.${seg.slice(2)}`;
      const key = JSON.parse(seg.slice(2)) as Record<string, unknown>;
      return `[${Object.entries(key)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(',')}]`;
    })
    .join('');
}

function findItem(list: unknown[], seg: string): number {
  const key = JSON.parse(seg.slice(2)) as Record<string, unknown>;
  const keys = Object.keys(key);
  return list.findIndex((item) => isObject(item) && sortedKey(keys, item) === seg);
}

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const seg of path) {
    if (seg.startsWith('k:')) {
      if (!Array.isArray(current)) return undefined;
      current = current[findItem(current, seg)];
    } else {
      if (!isObject(current)) return undefined;
      current = current[seg.slice(2)];
    }
  }
  return current;
}

export function deleteAt(value: unknown, path: Path): void {
  const parent = getAt(value, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (last.startsWith('k:') && Array.isArray(parent)) {
    const at = findItem(parent, last);
    if (at >= 0) parent.splice(at, 1);
  } else if (isObject(parent)) {
    delete parent[last.slice(2)];
  }
}

/** Merges `patch` into `base` the way server-side apply does for the types in scope. */
export function merge(base: unknown, patch: unknown, type: TypeRef | undefined): unknown {
  if (type?.t === 'list' && Array.isArray(base) && Array.isArray(patch)) {
    const keys = listMapKeys(type.of);
    if (!keys) return structuredClone(patch);
    const out = structuredClone(base);
    for (const item of patch) {
      if (!isObject(item)) continue;
      const at = findItem(out, sortedKey(keys, item));
      if (at >= 0) out[at] = merge(out[at], item, type.of);
      else out.push(structuredClone(item));
    }
    return out;
  }
  const atomic = type?.t === 'model' && isAtomic(type.name);
  if (isObject(base) && isObject(patch) && !atomic && type?.t !== 'scalar') {
    const out: Record<string, unknown> = { ...structuredClone(base) };
    for (const [key, child] of Object.entries(patch)) {
      out[key] = merge(out[key], child, type ? childType(type, key) : undefined);
    }
    return out;
  }
  return structuredClone(patch);
}

/** Renders paths as a fieldsV1 tree; `.` marks list items (and, for Update, maps too). */
export function toFieldsV1(paths: Path[]): Record<string, unknown> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const path of paths) {
    let node: Record<string, unknown> = root;
    for (const seg of path) node = (node[seg] ??= {}) as Record<string, unknown>;
    if (path[path.length - 1]?.startsWith('k:')) node['.'] = {};
  }
  return root;
}

export function fromFieldsV1(tree: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (!isObject(tree)) return out;
  const children = Object.keys(tree).filter((k) => k !== '.');
  if (prefix.length && (children.length === 0 || '.' in tree)) out.push(prefix);
  for (const key of children) fromFieldsV1(tree[key], [...prefix, key], out);
  return out;
}
