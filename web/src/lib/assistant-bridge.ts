import { useSyncExternalStore } from 'react';
import type { TDesignPatch } from '@stratum/core/assistant/patch';
import type { TChatCode } from '@stratum/core/contract/llm/chat';
import type { TDesignInput } from '@stratum/core/iac/design/schema-v2';

/**
 * What the assistant panel and the planner share, without importing each other (features never
 * do): the panel's open state, which the shell's button and the Ctrl+K palette toggle, a question
 * another page asks it to open with, and the design host the planner registers, through which a
 * proposed patch is previewed, applied or rejected on the board.
 */
export interface TDesignHost {
  /** The chat's context: the saved project, else the board's design as this browser holds it. */
  context(): { projectId?: string; design?: TDesignInput };
  /** Each returns an error message, or null when done. */
  preview(patch: TDesignPatch): string | null;
  apply(patch: TDesignPatch): string | null;
  /** Undoes a preview (nothing when none is showing). */
  reject(): void;
}

/**
 * A question another page hands to the panel ("Explain with the assistant" in the planner's code
 * viewer): the prompt it starts with and the generated file it is about. `projectId`: the project
 * a stored generation belongs to; the file goes with the chat only while that project is the
 * chat's context.
 */
export interface TAssistantAsk {
  prompt: string;
  code?: TChatCode & { projectId?: string };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let isOpen = false;
let host: TDesignHost | null = null;
let pendingAsk: TAssistantAsk | null = null;
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const assistantBridge = {
  open(): void {
    isOpen = true;
    notify();
  },
  close(): void {
    isOpen = false;
    notify();
  },
  toggle(): void {
    isOpen = !isOpen;
    notify();
  },
  /** Opens the panel with this question waiting in it. */
  ask(request: TAssistantAsk): void {
    pendingAsk = request;
    isOpen = true;
    notify();
  },
  /** The waiting question, once: the panel takes it. */
  takeAsk(): TAssistantAsk | null {
    const taken = pendingAsk;
    pendingAsk = null;
    if (taken) notify();
    return taken;
  },
  setDesignHost(next: TDesignHost | null): void {
    host = next;
    notify();
  },
  designHost: (): TDesignHost | null => host,
};

export function useAssistantOpen(): boolean {
  return useSyncExternalStore(subscribe, () => isOpen);
}

export function usePendingAsk(): TAssistantAsk | null {
  return useSyncExternalStore(subscribe, () => pendingAsk);
}

export function useDesignHost(): TDesignHost | null {
  return useSyncExternalStore(subscribe, () => host);
}
