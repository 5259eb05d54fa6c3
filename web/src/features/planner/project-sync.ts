import type { TProject } from '@stratum/core/contract/planner/project';
import type { TPlannerState } from '@stratum/core/planner/state';
import { isApiError } from '../../lib/api-client';
import { fetchProject } from './api/get-project';
import { saveState } from './api/save-project-state';
import { plannerStore } from './planner-store';

/** Where a saved project stands: what the header shows. */
export type TSaveStatus =
  | { kind: 'local' }
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict'; currentRevision: number | undefined }
  | { kind: 'error'; message: string };

type Listener = () => void;
const AUTOSAVE_DELAY_MS = 1200;
const listeners = new Set<Listener>();
let status: TSaveStatus = plannerStore.getState().project ? { kind: 'saved' } : { kind: 'local' };
/** The plan the server holds (as far as this tab knows). */
let savedPlan: TPlannerState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<void> | null = null;

function setStatus(next: TSaveStatus) {
  status = next;
  for (const l of listeners) l();
}

export const saveStatus = {
  get: (): TSaveStatus => status,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** Opens a project from the server into the planner: its state is the planner's, as it is. */
export function openProject(project: TProject): void {
  const plan = project.state;
  savedPlan = plan;
  plannerStore.load(plan, {
    id: project.id,
    name: project.name,
    revision: project.revision,
    role: project.role,
  });
  setStatus({ kind: 'saved' });
}

/** Leaves the project: the planner keeps the work in this browser only. */
export function closeProject(): void {
  clearTimeout(timer);
  savedPlan = null;
  plannerStore.setProject(null);
  setStatus({ kind: 'local' });
}

/** The project was just created from the current plan: it is saved. */
export function adoptProject(project: TProject): void {
  savedPlan = plannerStore.getState().plan;
  plannerStore.setProject({
    id: project.id,
    name: project.name,
    revision: project.revision,
    role: project.role,
  });
  setStatus({ kind: 'saved' });
}

async function saveNow(overwrite = false): Promise<void> {
  const { project, plan } = plannerStore.getState();
  if (!project || plan === savedPlan || project.role === 'viewer') return;
  if (status.kind === 'conflict' && !overwrite) return;
  const revision =
    overwrite && status.kind === 'conflict'
      ? (status.currentRevision ?? project.revision)
      : project.revision;
  setStatus({ kind: 'saving' });
  try {
    const saved = await saveState(project.id, revision, plan);
    savedPlan = plan;
    const current = plannerStore.getState().project;
    if (current?.id === project.id) {
      plannerStore.setProject({ ...current, revision: saved.revision });
    }
    setStatus(plannerStore.getState().plan === plan ? { kind: 'saved' } : { kind: 'pending' });
  } catch (error) {
    if (isApiError(error, 'planner/revision_conflict')) {
      setStatus({ kind: 'conflict', currentRevision: error.currentRevision });
    } else {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * Saves whatever is pending now; resolves when the server has it (or has refused it). One save
 * at a time: each is made over the revision the one before it returned. Two callers waiting on
 * the same save (the autosave timer's follow-up and a Generate click) each wait again for the
 * save the other started, or both sent the same revision and the second was refused as a change
 * "made somewhere else".
 */
export async function flushSave(overwrite = false): Promise<void> {
  clearTimeout(timer);
  while (inFlight) await inFlight;
  inFlight = saveNow(overwrite).finally(() => {
    inFlight = null;
  });
  await inFlight;
  if (plannerStore.getState().plan !== savedPlan && status.kind === 'pending') await flushSave();
}

/** Reloads the project from the server, dropping this tab's unsaved changes (after a conflict). */
export async function reloadProject(): Promise<void> {
  const project = plannerStore.getState().project;
  if (!project) return;
  openProject(await fetchProject(project.id));
}

/**
 * Before the server generates, snapshots or deploys the saved state: saves what is pending and
 * refuses when the save did not go through, so the server never works on an older plan.
 */
export async function saveBeforeServerWork(): Promise<void> {
  await flushSave();
  if (status.kind === 'conflict') throw new Error(CONFLICT_FIRST);
  if (status.kind === 'error')
    throw new Error(`Your changes could not be saved: ${status.message}`);
}

const CONFLICT_FIRST =
  'This project was changed somewhere else: reload it (or keep your version) before going on.';

/** Debounced autosave: call on every change of the plan. */
export function scheduleSave(): void {
  const { project, plan } = plannerStore.getState();
  if (!project) {
    if (status.kind !== 'local') setStatus({ kind: 'local' });
    return;
  }
  if (plan === savedPlan || status.kind === 'conflict') return;
  // A viewer opening another step changes the plan here, never on the server.
  if (project.role === 'viewer') return;
  if (status.kind !== 'saving') setStatus({ kind: 'pending' });
  clearTimeout(timer);
  timer = setTimeout(() => void flushSave(), AUTOSAVE_DELAY_MS);
}

/** The plan the server holds is the one loaded from local storage (a reload with nothing pending). */
export function markSaved(plan: TPlannerState): void {
  savedPlan = plan;
  setStatus({ kind: 'saved' });
}
