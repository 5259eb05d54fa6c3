import type { LineDiff } from '@stratum/core/tools/diff/line-diff';
import { memo, useState } from 'react';
import { Button } from '../../components/button';
import { plural } from './format';
import { GapRow, SplitRow, UnifiedRow } from './diff-rows';
import { DiffTableHead } from './diff-table-head';
import { type TDiffLayout, useDiffRows } from './use-diff-rows';

export type { TDiffLayout } from './use-diff-rows';

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
  const { rows, words } = useDiffRows(diff, {
    layout,
    context,
    expanded,
    ignoreWhitespace,
    ignoreCase,
  });

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
        <DiffTableHead layout={layout} />
        <tbody>
          {shown.map((row) => {
            if (row.kind === 'gap') {
              return (
                <GapRow
                  key={`gap-${row.startOp}`}
                  count={row.count}
                  leftIndex={row.leftIndex}
                  onExpand={() => handleExpand(row.startOp)}
                />
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
