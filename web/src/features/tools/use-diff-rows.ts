import type { LineDiff, TLineOp } from '@stratum/core/tools/diff/line-diff';
import { displayLine } from '@stratum/core/tools/diff/lines';
import { buildSections, pairChanges, splitRows } from '@stratum/core/tools/diff/view';
import { diffWords, type Segment } from '@stratum/core/tools/diff/word-diff';
import { useMemo } from 'react';

export type TDiffLayout = 'unified' | 'split';

/** Below this share of common characters, a pair of lines is shown as wholly changed. */
const MIN_SIMILARITY = 0.3;

export type TRow =
  | { kind: 'gap'; startOp: number; count: number; leftIndex: number; rightIndex: number }
  | { kind: 'line'; op: number }
  | { kind: 'pair'; left: number; right: number };

export interface DiffRowsOptions {
  layout: TDiffLayout;
  context: number;
  expanded: ReadonlySet<number>;
  ignoreWhitespace: boolean;
  ignoreCase: boolean;
}

/**
 * The table's rows (folded gaps, unified lines or side-by-side pairs), and word-level
 * highlights for a changed line, computed for the rows drawn and kept until the diff changes.
 */
export function useDiffRows(diff: LineDiff, options: DiffRowsOptions) {
  const { layout, context, expanded, ignoreWhitespace, ignoreCase } = options;
  const { ops } = diff;
  const partner = useMemo(() => pairChanges(ops), [ops]);

  const rows = useMemo(() => {
    const out: TRow[] = [];
    for (const section of buildSections(ops, { context, expanded })) {
      if (section.kind === 'gap') {
        out.push({
          kind: 'gap',
          startOp: section.startOp,
          count: section.endOp - section.startOp,
          leftIndex: section.leftIndex,
          rightIndex: section.rightIndex,
        });
      } else if (layout === 'unified') {
        for (let k = section.startOp; k < section.endOp; k += 1) out.push({ kind: 'line', op: k });
      } else {
        for (const row of splitRows(ops, section.startOp, section.endOp)) {
          out.push({ kind: 'pair', ...row });
        }
      }
    }
    return out;
  }, [ops, context, expanded, layout]);

  const words = useMemo(() => {
    const cache = new Map<number, { left: Segment[]; right: Segment[] } | null>();
    return (op: number): { left: Segment[]; right: Segment[] } | null => {
      const other = partner[op] ?? -1;
      if (other < 0) return null;
      const removedOp = ops[op]!.type === 'delete' ? op : other;
      if (!cache.has(removedOp)) {
        const removed = ops[removedOp] as Extract<TLineOp, { type: 'delete' }>;
        const added = ops[partner[removedOp]!] as Extract<TLineOp, { type: 'insert' }>;
        const result = diffWords(
          displayLine(diff.left.lines[removed.left]!),
          displayLine(diff.right.lines[added.right]!),
          { ignoreWhitespace, ignoreCase },
        );
        cache.set(removedOp, result.similarity < MIN_SIMILARITY ? null : result);
      }
      return cache.get(removedOp) ?? null;
    };
  }, [diff, ops, partner, ignoreWhitespace, ignoreCase]);

  return { rows, words };
}
