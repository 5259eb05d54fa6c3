import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { fetchProject } from './api/get-project';
import { plannerStore } from './planner-store';
import {
  closeProject,
  markSaved,
  openProject,
  saveStatus,
  scheduleSave,
  type TSaveStatus,
} from './project-sync';

/** JSON with sorted keys: the database keeps JSONB keys in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const sameState = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Keeps the planner and `?project=` in step: opens the project the address names (or reopens
 * the last one), and autosaves every change of a saved project.
 */
export function useProjectBinding(): void {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project');

  useEffect(() => plannerStore.subscribe(scheduleSave), []);

  useEffect(() => {
    if (projectId === null) {
      const open = plannerStore.getState().project;
      if (open) setParams({ project: open.id }, { replace: true });
      return;
    }
    const controller = new AbortController();
    fetchProject(projectId, controller.signal)
      .then((project) => {
        const local = plannerStore.getState();
        if (local.project?.id !== project.id) {
          const unsaved = local.project === null && local.plan.selectedProvider !== null;
          openProject(project);
          if (unsaved) {
            toast.info('The unsaved plan of this browser was put aside.', {
              action: {
                label: 'Bring it back',
                onClick: () => {
                  closeProject();
                  plannerStore.load(local.plan, null);
                  setParams({}, { replace: true });
                },
              },
              duration: 10_000,
            });
          }
          return;
        }
        // A shared project's role may have changed since this browser last opened it.
        const isViewer = (role: string | undefined) => role === 'viewer';
        if (isViewer(project.role) !== isViewer(local.project.role)) {
          openProject(project);
          return;
        }
        if (project.role !== local.project.role) {
          plannerStore.setProject({ ...local.project, role: project.role });
        }
        if (project.revision > local.project.revision) {
          openProject(project);
          toast.info(`Loaded the newest saved version of “${project.name}”`);
        } else if (sameState(local.plan, project.state)) {
          markSaved(local.plan);
        } else {
          scheduleSave();
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error, 'planner/not_found')) {
          toast.error(error.message);
          if (plannerStore.getState().project?.id === projectId) closeProject();
          setParams({}, { replace: true });
        } else {
          toast.error('The project could not be loaded; your work stays in this browser.');
        }
      });
    return () => controller.abort();
  }, [projectId, setParams]);
}

export function useSaveStatus(): TSaveStatus {
  return useSyncExternalStore(saveStatus.subscribe, saveStatus.get, saveStatus.get);
}
