import { FolderPlus } from 'lucide-react';
import { Link } from 'react-router';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS, UNLIMITED } from '@stratum/core/plans';
import { buttonClasses } from '../../components/button';
import { Panel } from '../../components/panel';

export interface ProjectsPanelProps {
  subscription: string;
  className?: string;
}

/** The user's projects. Projects are created by the planner, which is not built yet. */
export function ProjectsPanel({ subscription, className }: ProjectsPanelProps) {
  const plan = PLANS[subscription as TPlanId] ?? PLANS.free;
  const allowance =
    plan.maxProjects === UNLIMITED
      ? 'as many projects as you like'
      : `up to ${plan.maxProjects} projects`;
  return (
    <div id="projects" tabIndex={-1} className={`scroll-mt-32 outline-none ${className ?? ''}`}>
      <Panel
        title="Your projects"
        className="h-full"
        action={
          <Link to="/planner" className={buttonClasses('primary', 'sm')}>
            <FolderPlus className="size-4" aria-hidden="true" /> New project
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          You have no projects yet. A project is what the planner saves: a cloud provider, its
          services, the architecture, conventions and generated code. The planner is not available
          yet in this version; when it is, your projects appear here.
        </p>
        <p className="mt-3 text-sm text-slate-600">
          Your {plan.name} plan allows {allowance}.
        </p>
      </Panel>
    </div>
  );
}
