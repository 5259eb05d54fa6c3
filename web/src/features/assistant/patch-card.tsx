import { Check, Eye, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { usePatchActions, type TPatchTurn } from './patch-actions';
import { PatchStatus } from './patch-status';

export interface PatchCardProps {
  turn: TPatchTurn;
  /** After "Preview on the board": the panel makes way for the board on narrow screens. */
  onPreviewed?: () => void;
}

/** A proposed change: its list of changes, and the user's choice. Nothing happens without one. */
export function PatchCard({ turn, onPreviewed }: PatchCardProps) {
  const navigate = useNavigate();
  const { host, problem, isOpen, preview, apply, reject } = usePatchActions(turn);
  const { patch, changes, state } = turn.patch;

  return (
    <section
      aria-label="Proposed change"
      className="mt-2 rounded-lg border border-brand-200 bg-brand-50/60 p-3 text-sm"
    >
      <h3 className="font-semibold text-slate-900">Proposed change</h3>
      {patch.summary && <p className="mt-1 text-slate-700">{patch.summary}</p>}
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-800">
        {changes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <PatchStatus state={state} problem={problem} spacing="mt-2" />
      {isOpen && !host && (
        <div className="mt-3">
          <p className="text-xs text-slate-700">Open the planner to preview or apply it.</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => void navigate('/planner')}
          >
            Open the planner
          </Button>
        </div>
      )}
      {isOpen && host && (
        <div className="mt-3 flex flex-wrap gap-2">
          {state === 'previewing' && onPreviewed && (
            <Button size="sm" variant="secondary" className="lg:hidden" onClick={onPreviewed}>
              <Eye className="size-4" aria-hidden="true" /> Show on the board
            </Button>
          )}
          {state === 'offered' && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                if (preview()) onPreviewed?.();
              }}
            >
              <Eye className="size-4" aria-hidden="true" /> Preview on the board
            </Button>
          )}
          <Button size="sm" onClick={apply}>
            <Check className="size-4" aria-hidden="true" /> Apply
          </Button>
          <Button size="sm" variant="ghost" onClick={reject}>
            <X className="size-4" aria-hidden="true" /> Reject
          </Button>
        </div>
      )}
    </section>
  );
}
