/** One visible line of the JSON tree. */
export type TTreeRow =
  | {
      kind: 'node';
      path: string;
      depth: number;
      label: string | null;
      value: unknown;
      isContainer: boolean;
      isOpen: boolean;
      size: number;
    }
  | { kind: 'more'; path: string; depth: number; shown: number; total: number };

/** Children shown per container before "Show more". */
export const CHILD_PAGE = 100;

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';
const sizeOf = (v: object) => (Array.isArray(v) ? v.length : Object.keys(v).length);

/**
 * The rows to draw: the root, and the children of every open container, at most `shown[path]`
 * (default one page) each. Everything else is folded, so a 5 MB document costs only what is open.
 */
export function visibleRows(
  root: unknown,
  open: ReadonlySet<string>,
  shown: ReadonlyMap<string, number>,
): TTreeRow[] {
  const rows: TTreeRow[] = [];
  const walk = (value: unknown, path: string, label: string | null, depth: number) => {
    const container = isContainer(value);
    const isOpen = container && open.has(path);
    rows.push({
      kind: 'node',
      path,
      depth,
      label,
      value,
      isContainer: container,
      isOpen,
      size: container ? sizeOf(value) : 0,
    });
    if (!isOpen) return;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [String(i), v])
      : Object.entries(value as Record<string, unknown>);
    const limit = shown.get(path) ?? CHILD_PAGE;
    for (const [key, child] of entries.slice(0, limit)) {
      walk(child, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, key, depth + 1);
    }
    if (entries.length > limit) {
      rows.push({ kind: 'more', path, depth: depth + 1, shown: limit, total: entries.length });
    }
  };
  walk(root, '', null, 0);
  return rows;
}

/** A one-line preview of a value: strings quoted, containers summarised. */
export function previewOf(value: unknown, size: number): string {
  if (Array.isArray(value)) return `[ ${size} ${size === 1 ? 'item' : 'items'} ]`;
  if (isContainer(value)) return `{ ${size} ${size === 1 ? 'key' : 'keys'} }`;
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return text.length > 300 ? `${text.slice(0, 300)}…"` : text;
  }
  return String(value);
}
