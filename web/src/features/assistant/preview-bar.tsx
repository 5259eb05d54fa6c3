import { Check, Eye, MessageSquare, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/button';
import { usePatchActions, type TPatchTurn } from './patch-actions';
import { PatchStatus } from './patch-status';

export interface PreviewBarProps {
  turn: TPatchTurn;
  onBackToChat: () => void;
}

/**
 * On a narrow screen the panel would cover the board it previews on: while a proposed change is
 * previewed there, the panel folds to this bar at the bottom, with the choice and the way back.
 */
export function PreviewBar({ turn, onBackToChat }: PreviewBarProps) {
  const { problem, isOpen, apply, reject } = usePatchActions(turn);
  const { changes, state } = turn.patch;
  // Focus moves with the panel's content, so a keyboard or screen-reader user lands on the bar.
  const barRef = useRef<HTMLElement>(null);
  useEffect(() => barRef.current?.focus(), []);

  return (
    <section
      ref={barRef}
      tabIndex={-1}
      aria-label="Assistant's proposed change"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-8px_24px_rgba(15,23,42,0.12)] outline-none lg:hidden"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Eye className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {isOpen ? 'Previewing the proposed change' : 'Proposed change'}
      </p>
      <p className="mt-0.5 truncate text-xs text-slate-700">
        {changes[0]}
        {changes.length > 1 && ` and ${changes.length - 1} more`}
      </p>
      <PatchStatus state={state} problem={problem} spacing="mt-1" />
      <div className="mt-2 flex flex-wrap gap-2">
        {isOpen && (
          <>
            <Button size="sm" onClick={apply}>
              <Check className="size-4" aria-hidden="true" /> Apply
            </Button>
            <Button size="sm" variant="ghost" onClick={reject}>
              <X className="size-4" aria-hidden="true" /> Reject
            </Button>
          </>
        )}
        <Button size="sm" variant="secondary" className="ml-auto" onClick={onBackToChat}>
          <MessageSquare className="size-4" aria-hidden="true" /> Back to chat
        </Button>
      </div>
    </section>
  );
}
