import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDesignHost } from '../../lib/assistant-bridge';
import { conversation, type TPatchState, type TTurn } from './conversation';

export type TPatchTurn = TTurn & { patch: NonNullable<TTurn['patch']> };

export const PATCH_STATE_TEXT = {
  offered: null,
  previewing: 'Showing on the board. Apply keeps it; Reject restores the board.',
  applied: 'Applied to the board (undo with Ctrl+Z on the board).',
  rejected: 'Rejected: the board is as it was.',
} as const;

/**
 * Preview, apply and reject of a proposed change through the planner's design host: one place
 * for the change card in the chat and the preview bar that replaces the panel on narrow screens.
 */
export function usePatchActions(turn: TPatchTurn) {
  const host = useDesignHost();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const setState = (next: TPatchState) =>
    conversation.update(turn.id, (t) =>
      t.patch ? { ...t, patch: { ...t.patch, state: next } } : t,
    );
  /** True when it is done; a change that no longer fits the board leaves `problem`. */
  const run = (action: 'preview' | 'apply'): boolean => {
    if (!host) return false;
    const error =
      action === 'preview' ? host.preview(turn.patch.patch) : host.apply(turn.patch.patch);
    setProblem(error);
    if (error) return false;
    setState(action === 'preview' ? 'previewing' : 'applied');
    if (!pathname.startsWith('/planner')) void navigate('/planner');
    return true;
  };
  return {
    host,
    problem,
    isOpen: turn.patch.state === 'offered' || turn.patch.state === 'previewing',
    preview: () => run('preview'),
    apply: () => run('apply'),
    reject: () => {
      host?.reject();
      setState('rejected');
    },
  };
}
