import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { deleteProject } from '@stratum/core/contract/planner/delete-project';
import { duplicateProject } from '@stratum/core/contract/planner/duplicate-project';
import type { TProjectSummary } from '@stratum/core/contract/planner/project';
import { renameProject } from '@stratum/core/contract/planner/rename-project';
import { PLANNER_STEPS } from '@stratum/core/planner/steps';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../components/menu';
import { callApi } from '../../lib/api-client';
import { PROJECTS_QUERY_KEY, plannerPathFor } from '../../lib/projects-query';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { relativeTime } from './activity-text';
import { ProjectNameDialog } from './project-name-dialog';

export interface ProjectRowProps {
  project: TProjectSummary;
  /** The plan's project limit is reached: duplicating would be refused. */
  isFull: boolean;
}

const CLOUD_NAMES = { aws: 'AWS', azure: 'Azure', gcp: 'GCP', oci: 'OCI' } as const;

/** One project: open it, or rename, duplicate and delete it (with confirmation). */
export function ProjectRow({ project, isFull }: ProjectRowProps) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
  };
  const rename = useMutation({
    mutationFn: (input: { name: string; description: string }) =>
      callApi(renameProject, { params: { id: project.id }, body: input }),
    onSuccess: () => {
      setDialog(null);
      refresh();
    },
  });
  const duplicate = useMutation({
    mutationFn: () => callApi(duplicateProject, { params: { id: project.id }, body: {} }),
    onSuccess: (r) => {
      toast.success(`Duplicated as “${r.data.project.name}”`);
      refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: () => callApi(deleteProject, { params: { id: project.id } }),
    onSuccess: () => {
      setDialog(null);
      toast.success(`“${project.name}” deleted`);
      refresh();
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
        </p>
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
          <MenuItem onSelect={() => setDialog('rename')}>
            <Pencil className="size-4" aria-hidden="true" /> Rename
          </MenuItem>
          <MenuItem disabled={isFull} onSelect={() => duplicate.mutate()}>
            <Copy className="size-4" aria-hidden="true" /> Duplicate
          </MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={() => setDialog('delete')} className="text-red-700">
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </MenuItem>
        </MenuContent>
      </Menu>
      {dialog === 'rename' && (
        <ProjectNameDialog
          title="Rename project"
          submitLabel="Save"
          initialName={project.name}
          initialDescription={project.description}
          isBusy={rename.isPending}
          onSubmit={(input) => rename.mutate(input)}
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
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
