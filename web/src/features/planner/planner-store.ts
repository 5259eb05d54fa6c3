import { useSyncExternalStore } from 'react';
import {
  EMPTY_PLANNER_STATE,
  type TArchitectureConfig,
  type TPlannerState,
} from '@stratum/core/planner/state';
import { normalizeStep } from '@stratum/core/planner/steps';
import { readLocalPlan, readOpenProject, writeLocalPlan, writeOpenProject } from './local-plan';

/** The saved project the planner is editing; null while the work is only in this browser. */
export interface TOpenProject {
  readonly id: string;
  readonly name: string;
  /** The server's revision of the saved state (optimistic concurrency: a 409 when stale). */
  readonly revision: number;
  /** The user's role in it (shared projects); a viewer's planner changes nothing. */
  readonly role?: 'owner' | 'editor' | 'viewer';
}

export interface TPlannerStoreState {
  readonly plan: TPlannerState;
  /** The furthest step reached in this visit: steps before it keep their tick. */
  readonly furthest: number;
  /** Undo and redo of the board. */
  readonly past: readonly TArchitectureConfig[];
  readonly future: readonly TArchitectureConfig[];
  readonly project: TOpenProject | null;
  /** Bumped by every change of the plan: what autosave watches. */
  readonly changeCount: number;
}

const HISTORY_LIMIT = 100;
const WRITE_DELAY_MS = 250;

type Listener = () => void;
const listeners = new Set<Listener>();
let state: TPlannerStoreState = initial();
let writeTimer: ReturnType<typeof setTimeout> | undefined;
let pendingWrite: TPlannerState | undefined;

function initial(): TPlannerStoreState {
  const plan = readLocalPlan();
  return {
    plan,
    furthest: plan.currentStep,
    past: [],
    future: [],
    project: readOpenProject(),
    changeCount: 0,
  };
}

function emit(next: TPlannerStoreState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Writes the §3 keys shortly after a change (a drag or a typed name is many changes). */
function scheduleWrite(plan: TPlannerState): void {
  pendingWrite = plan;
  clearTimeout(writeTimer);
  writeTimer = setTimeout(flushPlannerWrites, WRITE_DELAY_MS);
}

export function flushPlannerWrites(): void {
  clearTimeout(writeTimer);
  if (pendingWrite) writeLocalPlan(pendingWrite);
  pendingWrite = undefined;
}

function setPlan(plan: TPlannerState, extra: Partial<TPlannerStoreState> = {}): void {
  const furthest = Math.max(extra.furthest ?? state.furthest, plan.currentStep);
  emit({ ...state, ...extra, plan, furthest, changeCount: state.changeCount + 1 });
  if (extra.project !== undefined) writeOpenProject(extra.project);
  scheduleWrite(plan);
}

/** A viewer of a shared project: the design stays as saved (steps can still be opened). */
const isViewOnly = () => state.project?.role === 'viewer';

export const plannerStore = {
  getState: (): TPlannerStoreState => state,
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  update(change: (plan: TPlannerState) => TPlannerState): void {
    if (isViewOnly()) return;
    setPlan(change(state.plan));
  },

  setStep(step: number): void {
    setPlan({ ...state.plan, currentStep: normalizeStep(step) });
    // A step is a deliberate move: kept at once (a reload right after it comes back there).
    flushPlannerWrites();
  },

  /** A board change; `record` makes it one step of undo (a drag records once, at its end). */
  changeArchitecture(next: TArchitectureConfig, record = true): void {
    if (isViewOnly()) return;
    const past = record
      ? [...state.past, state.plan.architectureConfig].slice(-HISTORY_LIMIT)
      : state.past;
    setPlan(
      { ...state.plan, architectureConfig: next },
      { past, future: record ? [] : state.future },
    );
  },

  undo(): void {
    const previous = state.past[state.past.length - 1];
    if (!previous || isViewOnly()) return;
    setPlan(
      { ...state.plan, architectureConfig: previous },
      {
        past: state.past.slice(0, -1),
        future: [state.plan.architectureConfig, ...state.future],
      },
    );
  },

  redo(): void {
    const [next, ...rest] = state.future;
    if (!next || isViewOnly()) return;
    setPlan(
      { ...state.plan, architectureConfig: next },
      { past: [...state.past, state.plan.architectureConfig], future: rest },
    );
  },

  /** Replaces everything: opening a project, restoring a snapshot, starting over. */
  load(plan: TPlannerState, project: TOpenProject | null): void {
    setPlan(plan, { project, past: [], future: [], furthest: plan.currentStep });
  },

  /** The server accepted a save (or a rename): remember its version, the plan is unchanged. */
  setProject(project: TOpenProject | null): void {
    emit({ ...state, project });
    writeOpenProject(project);
  },

  reset(): void {
    setPlan(EMPTY_PLANNER_STATE, { project: null, past: [], future: [], furthest: 0 });
  },
};

export function usePlannerStore<T>(select: (s: TPlannerStoreState) => T): T {
  return useSyncExternalStore(
    plannerStore.subscribe,
    () => select(state),
    () => select(state),
  );
}
