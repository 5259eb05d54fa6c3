import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-client';
import { useLiveEvent } from '../../lib/live/live-provider';
import { plannerKeys } from './api/keys';
import { plannerStore } from './planner-store';
import { fetchProject } from './api/get-project';
import { closeProject, openProject, saveStatus } from './project-sync';

/**
 * Follows the open project over the live channel: another member's saved change reloads it when
 * nothing is pending here (otherwise the next save gets the 409 and the reload banner), and its
 * history, deployments and members refetch. Losing access (deleted, removed) closes it.
 */
export function useLiveProject(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = (message: string) => {
    toast.error(message);
    closeProject();
    plannerStore.reset();
    void navigate('/dashboard', { replace: true });
  };
  useLiveEvent('project-changed', (event) => {
    const open = plannerStore.getState().project;
    if (!open || open.id !== event.projectId) return;
    void queryClient.invalidateQueries({ queryKey: plannerKeys.project(open.id) });
    if (event.change === 'removed') {
      leave(`“${open.name}” was deleted by its owner.`);
      return;
    }
    const isIdle = saveStatus.get().kind === 'saved';
    if ((event.change === 'design' || event.change === 'members') && isIdle) {
      // The other member's design, seen from the step this tab is on (not saved back: no
      // ping-pong of autosaves between two open planners).
      const step = plannerStore.getState().plan.currentStep;
      fetchProject(open.id).then(
        (project) => openProject({ ...project, state: { ...project.state, currentStep: step } }),
        (error: unknown) => {
          if (isApiError(error, 'planner/not_found')) {
            leave(`You no longer have access to “${open.name}”.`);
          }
          // Otherwise the network is down: the next save or open says so.
        },
      );
    }
  });
}
