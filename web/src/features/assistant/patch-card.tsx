import { Check, Eye, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { useDesignHost } from '../../lib/assistant-bridge';
import { conversation, type TTurn } from './conversation';

export interface PatchCardProps {
  turn: TTurn & { patch: NonNullable<TTurn['patch']> };
}

const STATE_TEXT = {
  offered: null,
  previewing: 'Showing on the board. Apply keeps it; Reject restores the board.',
  applied: 'Applied to the board (undo with Ctrl+Z on the board).',
  rejected: 'Rejected: the board is as it was.',
} as const;

/** A proposed change: its list of changes, and the user's choice. Nothing happens without one. */
export function PatchCard({ turn }: PatchCardProps) {
  const host = useDesignHost();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const { patch, changes, state } = turn.patch;
  const setState = (next: NonNullable<TTurn['patch']>['state']) =>
    conversation.update(turn.id, (t) =>
      t.patch ? { ...t, patch: { ...t.patch, state: next } } : t,
    );
  const run = (action: 'preview' | 'apply') => {
    if (!host) return;
    const error = action === 'preview' ? host.preview(patch) : host.apply(patch);
    setProblem(error);
    if (error) return;
    setState(action === 'preview' ? 'previewing' : 'applied');
    if (!pathname.startsWith('/planner')) void navigate('/planner');
  };
  const isOpen = state === 'offered' || state === 'previewing';

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
      {STATE_TEXT[state] && (
        <p role="status" className="mt-2 text-xs font-medium text-slate-700">
          {STATE_TEXT[state]}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          It no longer fits the board: {problem}
        </p>
      )}
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
          {state === 'offered' && (
            <Button size="sm" variant="secondary" onClick={() => run('preview')}>
              <Eye className="size-4" aria-hidden="true" /> Preview on the board
            </Button>
          )}
          <Button size="sm" onClick={() => run('apply')}>
            <Check className="size-4" aria-hidden="true" /> Apply
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              host.reject();
              setState('rejected');
            }}
          >
            <X className="size-4" aria-hidden="true" /> Reject
          </Button>
        </div>
      )}
    </section>
  );
}
