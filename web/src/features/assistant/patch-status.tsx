import { PATCH_STATE_TEXT } from './patch-actions';
import type { TPatchState } from './conversation';

/** Where a proposed change stands and, when it no longer fits the board, why: card and bar alike. */
export function PatchStatus({
  state,
  problem,
  spacing,
}: {
  state: TPatchState;
  problem: string | null;
  /** The top margin of each line (the bar is tighter than the card). */
  spacing: 'mt-1' | 'mt-2';
}) {
  return (
    <>
      {PATCH_STATE_TEXT[state] && (
        <p role="status" className={`${spacing} text-xs font-medium text-slate-700`}>
          {PATCH_STATE_TEXT[state]}
        </p>
      )}
      {problem && (
        <p role="alert" className={`${spacing} text-xs text-red-700`}>
          It no longer fits the board: {problem}
        </p>
      )}
    </>
  );
}
