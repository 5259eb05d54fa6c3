import { useSyncExternalStore } from 'react';
import type { TDesignPatch } from '@stratum/core/assistant/patch';

export type TPatchState = 'offered' | 'previewing' | 'applied' | 'rejected';

export interface TTurn {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  patch?: { patch: TDesignPatch; changes: string[]; state: TPatchState };
  /** A proposed change the server did not offer because it does not validate. */
  invalidPatch?: string[];
  error?: { code: string; message: string };
  isStreaming?: boolean;
}

/** The conversation outlives the panel (closing it keeps it); a page reload starts afresh. */
let turns: readonly TTurn[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

export const conversation = {
  get: () => turns,
  add(turn: Omit<TTurn, 'id'>): number {
    const id = nextId++;
    turns = [...turns, { ...turn, id }];
    listeners.forEach((l) => l());
    return id;
  },
  update(id: number, change: (turn: TTurn) => TTurn): void {
    turns = turns.map((t) => (t.id === id ? change(t) : t));
    listeners.forEach((l) => l());
  },
  clear(): void {
    turns = [];
    listeners.forEach((l) => l());
  },
};

export function useConversation(): readonly TTurn[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => turns,
  );
}
