import type { LineDiff } from '@stratum/core/tools/diff/line-diff';
import { displayLine } from '@stratum/core/tools/diff/lines';
import type { Segment } from '@stratum/core/tools/diff/word-diff';
import clsx from 'clsx';
import { ChevronsUpDown } from 'lucide-react';
import { plural } from './format';
import { LineText } from './diff-line-text';

const NUMBER = 'px-1.5 text-right align-top whitespace-nowrap text-slate-600 select-none sm:px-2';
const TEXT = 'px-2 align-top break-all whitespace-pre-wrap';

export interface RowProps {
  diff: LineDiff;
  words: { left: Segment[]; right: Segment[] } | null;
}

export function UnifiedRow({ diff, op, words }: RowProps & { op: number }) {
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

export function SplitRow({ diff, left, right, words }: RowProps & { left: number; right: number }) {
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

export interface GapRowProps {
  count: number;
  leftIndex: number;
  onExpand: () => void;
}

/** A folded run of unchanged lines; choosing it unfolds the run. */
export function GapRow({ count, leftIndex, onExpand }: GapRowProps) {
  return (
    <tr className="bg-brand-50/60">
      <td colSpan={4} className="p-0">
        <button
          type="button"
          onClick={onExpand}
          className="flex w-full items-center gap-2 px-3 py-1 text-left font-sans text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:-outline-offset-2"
        >
          <ChevronsUpDown className="size-4" aria-hidden="true" />
          Show {plural(count, 'unchanged line')} ({leftIndex + 1}–{leftIndex + count})
        </button>
      </td>
    </tr>
  );
}
