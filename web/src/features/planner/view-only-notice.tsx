import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Badge } from '../../components/badge';
import { projectsQuery } from '../../lib/api/projects';

/** What a viewer of a shared project sees above the steps: nothing they do here is saved. */
export function ViewOnlyNotice({ projectId }: { projectId: string }) {
  const projects = useQuery(projectsQuery);
  const ownerName = projects.data?.projects.find((p) => p.id === projectId)?.owner.name;
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <Badge tone="warning">
        <Eye className="mr-1 inline size-3.5" aria-hidden="true" />
        View only
      </Badge>
      <span>
        {ownerName
          ? `${ownerName} shared this project with you to view.`
          : 'You can view this project.'}{' '}
        You can look through every step, but not change it. Ask the owner to make you an editor, or
        make your own copy from the Dashboard.
      </span>
    </div>
  );
}
