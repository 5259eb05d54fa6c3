import { Copy, LogOut, MoreHorizontal, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TProjectSummary } from '@stratum/core/contract/planner/project';
import { PLANNER_STEPS } from '@stratum/core/planner/steps';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../components/menu';
import { plannerPathFor } from '../../lib/api/projects';
import { useCurrentUser } from '../../lib/session';
import { relativeTime } from './activity-text';
import { useDeleteProject } from './api/delete-project';
import { useDuplicateProject } from './api/duplicate-project';
import { useLeaveProject } from './api/leave-project';
import { useRenameProject } from './api/rename-project';
import { ProjectNameDialog } from './project-name-dialog';

export interface ProjectRowProps {
  project: TProjectSummary;
  /** The plan's project limit is reached: duplicating would be refused. */
  isFull: boolean;
}

const CLOUD_NAMES = { aws: 'AWS', azure: 'Azure', gcp: 'GCP', oci: 'OCI' } as const;
const ROLE_NAMES = { editor: 'Editor', viewer: 'Viewer' } as const;

/**
 * One project: open it, or rename, duplicate and delete it (with confirmation). A project shared
 * with the user shows its owner and the user's role; they may leave it instead of deleting it.
 */
export function ProjectRow({ project, isFull }: ProjectRowProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'leave' | null>(null);
  const me = useCurrentUser();
  const leave = useLeaveProject(project.id, me.id);
  const isShared = project.role !== 'owner';
  const rename = useRenameProject(project.id);
  const duplicate = useDuplicateProject(project.id);
  const remove = useDeleteProject(project.id);
  const handleDuplicate = () =>
    duplicate.mutate(undefined, {
      onSuccess: (r) => toast.success(`Duplicated as “${r.data.project.name}”`),
      onError: (e) => toast.error(e.message),
    });
  const handleDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        toast.success(`“${project.name}” deleted`);
      },
      onError: (e) => toast.error(e.message),
    });
  const handleLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        toast.success(`You left “${project.name}”`);
      },
      onError: (e) => toast.error(e.message),
    });
  const step = PLANNER_STEPS[project.currentStep];
  const now = Date.now();

  return (
    <li className="flex items-center gap-3 px-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={plannerPathFor(project.id)}
            className="truncate text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          >
            {project.name}
          </Link>
          {project.provider && <Badge>{CLOUD_NAMES[project.provider]}</Badge>}
          {project.role !== 'owner' && (
            <Badge tone={project.role === 'editor' ? 'brand' : 'warning'}>
              {ROLE_NAMES[project.role]}
            </Badge>
          )}
        </p>
        {(isShared || project.memberCount > 0) && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-700">
            <Users className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {isShared
                ? `Shared by ${project.owner.name || project.owner.email}`
                : `Shared with ${project.memberCount} ${project.memberCount === 1 ? 'person' : 'people'}`}
            </span>
          </p>
        )}
        <p className="mt-0.5 text-xs text-slate-600">
          Step {project.currentStep + 1}/7 · {step?.short} · {project.componentCount} component
          {project.componentCount === 1 ? '' : 's'} · changed {relativeTime(project.updatedAt, now)}
          {project.lastGeneratedAt && ` · generated ${relativeTime(project.lastGeneratedAt, now)}`}
        </p>
      </div>
      <Menu>
        <MenuTrigger
          aria-label={`Actions for ${project.name}`}
          className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100"
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end">
          {project.role !== 'viewer' && (
            <MenuItem onSelect={() => setDialog('rename')}>
              <Pencil className="size-4" aria-hidden="true" /> Rename
            </MenuItem>
          )}
          <MenuItem disabled={isFull} onSelect={handleDuplicate}>
            <Copy className="size-4" aria-hidden="true" /> {isShared ? 'Make a copy' : 'Duplicate'}
          </MenuItem>
          <MenuSeparator />
          {isShared ? (
            <MenuItem onSelect={() => setDialog('leave')} className="text-red-700">
              <LogOut className="size-4" aria-hidden="true" /> Leave
            </MenuItem>
          ) : (
            <MenuItem onSelect={() => setDialog('delete')} className="text-red-700">
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
      {dialog === 'rename' && (
        <ProjectNameDialog
          title="Rename project"
          submitLabel="Save"
          initialName={project.name}
          initialDescription={project.description}
          isBusy={rename.isPending}
          onSubmit={(input) => rename.mutate(input, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
          error={rename.error && <FormMessage>{rename.error.message}</FormMessage>}
        />
      )}
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete “${project.name}”?`}
        description="The project is deleted with its version snapshots, generated code and deployment history. This cannot be undone."
        confirmLabel="Delete project"
        isDanger
        isBusy={remove.isPending}
        onConfirm={handleDelete}
      />
      <ConfirmDialog
        isOpen={dialog === 'leave'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Leave “${project.name}”?`}
        description={`You lose access to it until ${project.owner.name || project.owner.email} shares it with you again. The project itself stays as it is.`}
        confirmLabel="Leave project"
        isDanger
        isBusy={leave.isPending}
        onConfirm={handleLeave}
      />
    </li>
  );
}
