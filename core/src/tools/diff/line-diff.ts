import { diffSequences } from './myers';
import { splitLines, type SplitText } from './lines';

export interface LineDiffOptions {
  /** Lines that differ only in spaces, tabs or line endings count as equal (like `diff -w`). */
  ignoreWhitespace?: boolean;
  /** Lines that differ only in letter case count as equal (like `diff -i`). */
  ignoreCase?: boolean;
  /** See `DiffSequencesOptions.costLimit`. */
  costLimit?: number;
}

/** One step of the edit script; indices are 0-based line indices. */
export type TLineOp =
  | { type: 'equal'; left: number; right: number }
  | { type: 'delete'; left: number }
  | { type: 'insert'; right: number };

export interface LineDiffStats {
  /** Lines only on the right that do not replace a removed line. */
  added: number;
  /** Lines only on the left that are not replaced by an added line. */
  removed: number;
  /** Removed lines replaced by an added line (each pair counts once). */
  changed: number;
  unchanged: number;
}

export interface LineDiff {
  left: SplitText;
  right: SplitText;
  ops: TLineOp[];
  stats: LineDiffStats;
  /** The algorithm's work (see `SequenceDiff.operations`). */
  operations: number;
}

/** The text diff compares for a line; the last line's missing newline makes it differ. */
function lineKey(
  line: string,
  isLastWithoutNewline: boolean,
  { ignoreWhitespace = false, ignoreCase = false }: LineDiffOptions,
): string {
  let key = isLastWithoutNewline ? line : `${line}\n`;
  if (ignoreWhitespace) key = key.replace(/\s+/g, '');
  if (ignoreCase) key = key.toLowerCase();
  return key;
}

function toIds(text: SplitText, ids: Map<string, number>, options: LineDiffOptions): Int32Array {
  const out = new Int32Array(text.lines.length);
  const last = text.lines.length - 1;
  text.lines.forEach((line, i) => {
    const key = lineKey(line, i === last && !text.hasFinalNewline, options);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    out[i] = id;
  });
  return out;
}

/** Line diff of two texts: the edit script that turns `left` into `right`. */
export function diffLines(left: string, right: string, options: LineDiffOptions = {}): LineDiff {
  return diffSplitLines(splitLines(left), splitLines(right), options);
}

export function diffSplitLines(
  left: SplitText,
  right: SplitText,
  options: LineDiffOptions = {},
): LineDiff {
  const ids = new Map<string, number>();
  const a = toIds(left, ids, options);
  const b = toIds(right, ids, options);
  const { removed, added, operations } = diffSequences(
    a,
    b,
    options.costLimit === undefined ? {} : { costLimit: options.costLimit },
  );
  const ops: TLineOp[] = [];
  const stats: LineDiffStats = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    // One change block: its deletions, then its insertions.
    const deletes = i;
    while (i < a.length && removed[i] === 1) ops.push({ type: 'delete', left: i++ });
    const inserts = j;
    while (j < b.length && added[j] === 1) ops.push({ type: 'insert', right: j++ });
    const changed = Math.min(i - deletes, j - inserts);
    stats.changed += changed;
    stats.removed += i - deletes - changed;
    stats.added += j - inserts - changed;
    if (i < a.length && j < b.length) {
      ops.push({ type: 'equal', left: i++, right: j++ });
      stats.unchanged += 1;
    } else if (i < a.length || j < b.length) {
      // Unreachable when the script is consistent; fail loudly rather than show a wrong diff.
      if (removed[i] !== 1 && added[j] !== 1) throw new Error('diff: inconsistent edit script');
    }
  }
  return { left, right, ops, stats, operations };
}

/** True when the two sides have no difference (under the options used). */
export function isIdentical(diff: LineDiff): boolean {
  return diff.ops.every((op) => op.type === 'equal');
}
