import type { TLineOp } from './line-diff';

/** What the views render: runs of shown lines, and the unchanged runs folded away between them. */
export type TDiffSection =
  | { kind: 'lines'; startOp: number; endOp: number }
  | { kind: 'gap'; startOp: number; endOp: number; leftIndex: number; rightIndex: number };

export interface SectionOptions {
  /** Unchanged lines shown around each change; Infinity shows everything. */
  context: number;
  /** Gaps (by `startOp`) the reader has unfolded. */
  expanded?: ReadonlySet<number>;
}

export function buildSections(ops: readonly TLineOp[], options: SectionOptions): TDiffSection[] {
  const { context, expanded } = options;
  const n = ops.length;
  // Distance of each op from the nearest change, looking both ways.
  const distance = new Float64Array(n).fill(Infinity);
  let last = -Infinity;
  for (let k = 0; k < n; k += 1) {
    if (ops[k]!.type !== 'equal') last = k;
    distance[k] = k - last;
  }
  last = Infinity;
  for (let k = n - 1; k >= 0; k -= 1) {
    if (ops[k]!.type !== 'equal') last = k;
    distance[k] = Math.min(distance[k]!, last - k);
  }
  const sections: TDiffSection[] = [];
  let leftIndex = 0;
  let rightIndex = 0;
  let k = 0;
  while (k < n) {
    const start = k;
    const isHidden = distance[k]! > context;
    while (k < n && distance[k]! > context === isHidden) k += 1;
    // Folding a single line saves nothing; unfolded gaps show as lines.
    const isGap = isHidden && k - start > 1 && !expanded?.has(start);
    const previous = sections.at(-1);
    if (isGap) {
      sections.push({ kind: 'gap', startOp: start, endOp: k, leftIndex, rightIndex });
    } else if (previous?.kind === 'lines') {
      previous.endOp = k;
    } else {
      sections.push({ kind: 'lines', startOp: start, endOp: k });
    }
    for (let i = start; i < k; i += 1) {
      const op = ops[i]!;
      if (op.type !== 'insert') leftIndex += 1;
      if (op.type !== 'delete') rightIndex += 1;
    }
  }
  return sections;
}

/**
 * For each op of a change block, the op it replaces or is replaced by (the i-th deletion with
 * the i-th insertion), or -1. Paired lines are shown side by side with their words compared.
 */
export function pairChanges(ops: readonly TLineOp[]): Int32Array {
  const partner = new Int32Array(ops.length).fill(-1);
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.type === 'equal') {
      k += 1;
      continue;
    }
    const deletes: number[] = [];
    const inserts: number[] = [];
    for (; k < ops.length && ops[k]!.type !== 'equal'; k += 1) {
      (ops[k]!.type === 'delete' ? deletes : inserts).push(k);
    }
    for (let t = 0; t < Math.min(deletes.length, inserts.length); t += 1) {
      partner[deletes[t]!] = inserts[t]!;
      partner[inserts[t]!] = deletes[t]!;
    }
  }
  return partner;
}

/** A side-by-side row: the op shown on each side, or -1 for an empty cell. */
export interface SplitRow {
  left: number;
  right: number;
}

/** Rows of the side-by-side view for ops [startOp, endOp). */
export function splitRows(ops: readonly TLineOp[], startOp: number, endOp: number): SplitRow[] {
  const rows: SplitRow[] = [];
  let k = startOp;
  while (k < endOp) {
    if (ops[k]!.type === 'equal') {
      rows.push({ left: k, right: k });
      k += 1;
      continue;
    }
    const deletes: number[] = [];
    const inserts: number[] = [];
    for (; k < endOp && ops[k]!.type !== 'equal'; k += 1) {
      (ops[k]!.type === 'delete' ? deletes : inserts).push(k);
    }
    for (let t = 0; t < Math.max(deletes.length, inserts.length); t += 1) {
      rows.push({ left: deletes[t] ?? -1, right: inserts[t] ?? -1 });
    }
  }
  return rows;
}
