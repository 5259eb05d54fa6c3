import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLiveEvent } from '../../lib/live/live-provider';
import { plannerKeys } from './api/keys';
import { plannerStore } from './planner-store';
import { reloadProject, saveStatus } from './project-sync';

/**
 * Follows the open project over the live channel: another member's saved change reloads it when
 * nothing is pending here (otherwise the next save gets the 409 and the reload banner), and its
 * history, deployments and members refetch.
 */
export function useLiveProject(): void {
  const queryClient = useQueryClient();
  useLiveEvent('project-changed', (event) => {
    const open = plannerStore.getState().project;
    if (!open || open.id !== event.projectId) return;
    void queryClient.invalidateQueries({ queryKey: plannerKeys.project(open.id) });
    if (event.change === 'removed') {
      toast.error('This project was deleted by its owner.');
      return;
    }
    const isIdle = saveStatus.get().kind === 'saved';
    if ((event.change === 'design' || event.change === 'members') && isIdle) {
      reloadProject().catch(() => {
        // Access was removed, or the network is down: the next save or open says so.
      });
    }
  });
}
