import { useQuery } from '@tanstack/react-query';
import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS, UNLIMITED } from '@stratum/core/plans';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api-client';
import { plannerPathFor, projectsQuery } from '../../lib/api/projects';
import { useCreateProject } from './api/create-project';
import { ProjectNameDialog } from './project-name-dialog';
import { ProjectRow } from './project-row';

export interface ProjectsPanelProps {
  subscription: string;
  className?: string;
}

/** My Projects: the saved projects with create, open, rename, duplicate and delete. */
export function ProjectsPanel({ subscription, className }: ProjectsPanelProps) {
  const navigate = useNavigate();
  const projects = useQuery(projectsQuery);
  const [isCreating, setIsCreating] = useState(false);
  const plan = PLANS[subscription as TPlanId] ?? PLANS.free;
  const usage = projects.data?.usage;
  const create = useCreateProject();
  const isFull = usage?.remaining === 0;

  return (
    <div id="projects" tabIndex={-1} className={`scroll-mt-32 outline-none ${className ?? ''}`}>
      <Panel
        title="Your projects"
        className="h-full"
        action={
          <Button size="sm" onClick={() => setIsCreating(true)} disabled={isFull}>
            <FolderPlus className="size-4" aria-hidden="true" /> New project
          </Button>
        }
      >
        {projects.isPending && (
          <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading projects…
          </div>
        )}
        {projects.isError && (
          <div className="flex items-center gap-3 text-sm text-slate-700">
            Your projects could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => void projects.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {projects.data && projects.data.projects.length === 0 && (
          <p className="text-sm text-slate-700">
            No projects yet. A project is a plan saved on the server: its cloud, services,
            architecture, conventions, generated code and deployments.{' '}
            <Link to="/planner" className="font-medium text-brand-700 hover:underline">
              Open the planner
            </Link>{' '}
            to start one.
          </p>
        )}
        {projects.data && projects.data.projects.length > 0 && (
          <ul aria-label="Projects" className="-mx-2 divide-y divide-slate-100">
            {projects.data.projects.map((p) => (
              <ProjectRow key={p.id} project={p} isFull={isFull} />
            ))}
          </ul>
        )}
        {usage && (
          <p className="mt-3 text-sm text-slate-600">
            {usage.limit === UNLIMITED
              ? `${usage.count} project${usage.count === 1 ? '' : 's'}; ${plan.maxProjects === UNLIMITED ? `your ${plan.name} plan has no limit` : 'no limit for staff'}.`
              : `${usage.count} of ${usage.limit} projects on your ${plan.name} plan.`}{' '}
            {isFull && (
              <Link to="/subscription" className="font-medium text-brand-700 hover:underline">
                Upgrade for more
              </Link>
            )}
          </p>
        )}
      </Panel>
      {isCreating && (
        <ProjectNameDialog
          title="New project"
          submitLabel="Create and open"
          isBusy={create.isPending}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (response) => {
                setIsCreating(false);
                toast.success(`Project “${response.data.project.name}” created`);
                void navigate(plannerPathFor(response.data.project.id));
              },
            })
          }
          onClose={() => {
            setIsCreating(false);
            create.reset();
          }}
          error={
            create.error && (
              <FormMessage>
                {create.error.message}{' '}
                {isApiError(create.error, 'planner/project_limit') && (
                  <Link to="/subscription" className="font-medium underline">
                    See plans
                  </Link>
                )}
              </FormMessage>
            )
          }
        />
      )}
    </div>
  );
}
