import type { LineDiff, TLineOp } from '@stratum/core/tools/diff/line-diff';
import { displayLine } from '@stratum/core/tools/diff/lines';
import { buildSections, pairChanges, splitRows } from '@stratum/core/tools/diff/view';
import { diffWords, type Segment } from '@stratum/core/tools/diff/word-diff';
import clsx from 'clsx';
import { ChevronsUpDown } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { plural } from './format';
import { LineText } from './diff-line-text';

export type TDiffLayout = 'unified' | 'split';

export interface DiffViewProps {
  diff: LineDiff;
  layout: TDiffLayout;
  /** Unchanged lines shown around changes; Infinity shows the whole file. */
  context: number;
  ignoreWhitespace: boolean;
  ignoreCase: boolean;
}

/** Rows drawn at first; more on request, so a huge diff never builds 20,000 rows at once. */
const ROW_BATCH = 1000;
/** Below this share of common characters, a pair of lines is shown as wholly changed. */
const MIN_SIMILARITY = 0.3;

type TRow =
  | { kind: 'gap'; startOp: number; count: number; leftIndex: number; rightIndex: number }
  | { kind: 'line'; op: number }
  | { kind: 'pair'; left: number; right: number };

/**
 * The diff as a table, unified or side by side, with folded unchanged runs. Memoised: typing
 * in a big file re-renders the page, but the table only when a new diff arrives.
 */
export const DiffView = memo(function DiffView({
  diff,
  layout,
  context,
  ignoreWhitespace,
  ignoreCase,
}: DiffViewProps) {
  // Unfolded gaps and the row limit belong to one diff; a new diff starts folded again.
  const [state, setState] = useState({ diff, expanded: new Set<number>(), rowLimit: ROW_BATCH });
  const { expanded, rowLimit } =
    state.diff === diff ? state : { expanded: new Set<number>(), rowLimit: ROW_BATCH };
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

  // Word-level highlights, computed for the rows drawn and kept until the diff changes.
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

  const handleExpand = (startOp: number) =>
    setState({ diff, expanded: new Set(expanded).add(startOp), rowLimit });
  const handleShowMore = () => setState({ diff, expanded, rowLimit: rowLimit + ROW_BATCH });
  const shown = rows.slice(0, rowLimit);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
      <table className="w-full table-fixed border-collapse font-mono text-[13px] leading-5 text-slate-900">
        <caption className="sr-only">
          {layout === 'unified' ? 'Differences, unified view' : 'Differences, side by side'}
        </caption>
        {layout === 'unified' ? (
          <colgroup>
            <col className="w-12 sm:w-14" />
            <col className="w-12 sm:w-14" />
            <col className="w-6" />
            <col />
          </colgroup>
        ) : (
          <colgroup>
            <col className="w-10 sm:w-14" />
            <col />
            <col className="w-10 sm:w-14" />
            <col />
          </colgroup>
        )}
        <thead className="sr-only">
          {layout === 'unified' ? (
            <tr>
              <th scope="col">Original line</th>
              <th scope="col">Changed line</th>
              <th scope="col">Change</th>
              <th scope="col">Text</th>
            </tr>
          ) : (
            <tr>
              <th scope="col">Original line</th>
              <th scope="col">Original text</th>
              <th scope="col">Changed line</th>
              <th scope="col">Changed text</th>
            </tr>
          )}
        </thead>
        <tbody>
          {shown.map((row) => {
            if (row.kind === 'gap') {
              return (
                <tr key={`gap-${row.startOp}`} className="bg-brand-50/60">
                  <td colSpan={4} className="p-0">
                    <button
                      type="button"
                      onClick={() => handleExpand(row.startOp)}
                      className="flex w-full items-center gap-2 px-3 py-1 text-left font-sans text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:-outline-offset-2"
                    >
                      <ChevronsUpDown className="size-4" aria-hidden="true" />
                      Show {plural(row.count, 'unchanged line')} ({row.leftIndex + 1}–
                      {row.leftIndex + row.count})
                    </button>
                  </td>
                </tr>
              );
            }
            if (row.kind === 'line') {
              return <UnifiedRow key={row.op} diff={diff} op={row.op} words={words(row.op)} />;
            }
            return (
              <SplitRow
                key={`${row.left}:${row.right}`}
                diff={diff}
                left={row.left}
                right={row.right}
                words={words(row.left >= 0 ? row.left : row.right)}
              />
            );
          })}
        </tbody>
      </table>
      {rows.length > shown.length && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-700">
          <span>
            Showing {plural(shown.length, 'row')} of {rows.length.toLocaleString('en-US')}.
          </span>
          <Button size="sm" variant="secondary" onClick={handleShowMore}>
            Show {Math.min(ROW_BATCH, rows.length - shown.length).toLocaleString('en-US')} more
          </Button>
        </div>
      )}
    </div>
  );
});

const NUMBER = 'px-1.5 text-right align-top whitespace-nowrap text-slate-600 select-none sm:px-2';
const TEXT = 'px-2 align-top break-all whitespace-pre-wrap';

interface RowProps {
  diff: LineDiff;
  words: { left: Segment[]; right: Segment[] } | null;
}

function UnifiedRow({ diff, op, words }: RowProps & { op: number }) {
  const line = diff.ops[op]!;
  if (line.type === 'equal') {
    return (
      <tr className="h-5">
        <td className={NUMBER}>{line.left + 1}</td>
        <td className={NUMBER}>{line.right + 1}</td>
        <td />
        <td className={TEXT}>{displayLine(diff.left.lines[line.left]!)}</td>
      </tr>
    );
  }
  const isRemoved = line.type === 'delete';
  const text = isRemoved
    ? displayLine(diff.left.lines[line.left]!)
    : displayLine(diff.right.lines[line.right]!);
  return (
    <tr className={clsx('h-5', isRemoved ? 'bg-red-50' : 'bg-green-50')}>
      <td className={clsx(NUMBER, isRemoved ? 'bg-red-100/70' : 'bg-green-100/70')}>
        {isRemoved ? line.left + 1 : ''}
      </td>
      <td className={clsx(NUMBER, isRemoved ? 'bg-red-100/70' : 'bg-green-100/70')}>
        {isRemoved ? '' : line.right + 1}
      </td>
      <td
        className={clsx('text-center select-none', isRemoved ? 'text-red-800' : 'text-green-800')}
      >
        <span aria-hidden="true">{isRemoved ? '−' : '+'}</span>
        <span className="sr-only">{isRemoved ? 'removed' : 'added'}</span>
      </td>
      <td className={TEXT}>
        <LineText
          text={text}
          segments={words ? (isRemoved ? words.left : words.right) : null}
          side={isRemoved ? 'removed' : 'added'}
        />
      </td>
    </tr>
  );
}

function SplitRow({ diff, left, right, words }: RowProps & { left: number; right: number }) {
  const leftOp = left >= 0 ? diff.ops[left]! : null;
  const rightOp = right >= 0 ? diff.ops[right]! : null;
  if (leftOp?.type === 'equal') {
    const text = displayLine(diff.left.lines[leftOp.left]!);
    return (
      <tr className="h-5">
        <td className={NUMBER}>{leftOp.left + 1}</td>
        <td className={TEXT}>{text}</td>
        <td className={clsx(NUMBER, 'border-l border-slate-200')}>{leftOp.right + 1}</td>
        <td className={TEXT}>{displayLine(diff.right.lines[leftOp.right]!)}</td>
      </tr>
    );
  }
  const removed = leftOp?.type === 'delete' ? leftOp : null;
  const added = rightOp?.type === 'insert' ? rightOp : null;
  return (
    <tr className="h-5">
      <td className={clsx(NUMBER, removed ? 'bg-red-100/70' : 'bg-slate-50')}>
        {removed ? removed.left + 1 : ''}
      </td>
      <td className={clsx(TEXT, removed ? 'bg-red-50' : 'bg-slate-50')}>
        {removed && (
          <>
            <span className="sr-only">removed: </span>
            <LineText
              text={displayLine(diff.left.lines[removed.left]!)}
              segments={words?.left ?? null}
              side="removed"
            />
          </>
        )}
      </td>
      <td
        className={clsx(
          NUMBER,
          'border-l border-slate-200',
          added ? 'bg-green-100/70' : 'bg-slate-50',
        )}
      >
        {added ? added.right + 1 : ''}
      </td>
      <td className={clsx(TEXT, added ? 'bg-green-50' : 'bg-slate-50')}>
        {added && (
          <>
            <span className="sr-only">added: </span>
            <LineText
              text={displayLine(diff.right.lines[added.right]!)}
              segments={words?.right ?? null}
              side="added"
            />
          </>
        )}
      </td>
    </tr>
  );
}
