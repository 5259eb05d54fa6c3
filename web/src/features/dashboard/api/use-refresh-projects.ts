import { useQueryClient } from '@tanstack/react-query';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';
import { SUBSCRIPTION_QUERY_KEY } from '../../../lib/api/subscription';

/** After a project changes: the list, and the plan's usage (the header chip) with it. */
export function useRefreshProjects(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
  };
}
