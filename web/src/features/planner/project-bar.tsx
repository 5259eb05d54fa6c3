import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  Check,
  ChevronDown,
  CloudOff,
  FolderOpen,
  History,
  Loader2,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../components/menu';
import { plannerPathFor, projectsQuery } from '../../lib/api/projects';
import { plannerStore, usePlannerStore } from './planner-store';
import { closeProject, type TSaveStatus } from './project-sync';
import { SaveProjectDialog } from './save-project-dialog';
import { SnapshotsDialog } from './snapshots-dialog';
import { MembersDialog } from './members-dialog';
import { useCurrentUser } from '../../lib/session';
import { useSaveStatus } from './use-project-binding';

function StatusText({ status }: { status: TSaveStatus }) {
  switch (status.kind) {
    case 'saved':
      return (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <Check className="size-3.5" aria-hidden="true" /> Saved
        </span>
      );
    case 'saving':
    case 'pending':
      return (
        <span className="inline-flex items-center gap-1 text-slate-600">
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> Saving…
        </span>
      );
    case 'conflict':
      return <span className="text-amber-800">Changed elsewhere</span>;
    case 'error':
      return (
        <span className="inline-flex items-center gap-1 text-red-700" title={status.message}>
          <AlertTriangle className="size-3.5" aria-hidden="true" /> Not saved
        </span>
      );
    case 'local':
      return (
        <span className="inline-flex items-center gap-1 text-slate-600">
          <CloudOff className="size-3.5" aria-hidden="true" /> Kept in this browser only
        </span>
      );
  }
}

/** The project the planner edits: its name, save status, history, and switching projects. */
export function ProjectBar() {
  const navigate = useNavigate();
  const project = usePlannerStore((s) => s.project);
  const status = useSaveStatus();
  const [isSaveOpen, setIsSaveOpen] = useState(false);
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const me = useCurrentUser();
  const startOver = () => {
    closeProject();
    plannerStore.reset();
    setIsResetOpen(false);
    void navigate('/planner', { replace: true });
  };
  const projects = useQuery({ ...projectsQuery, enabled: true });

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {project?.role !== 'viewer' && (
        <span role="status" aria-live="polite" className="text-xs">
          <StatusText status={status} />
        </span>
      )}
      {project ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setIsShareOpen(true)}>
            <Users className="size-4" aria-hidden="true" /> Share
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setIsHistoryOpen(true)}>
            <History className="size-4" aria-hidden="true" /> History
          </Button>
        </>
      ) : (
        <Button size="sm" onClick={() => setIsSaveOpen(true)}>
          Save as project
        </Button>
      )}
      <Menu>
        <MenuTrigger className="inline-flex h-8 max-w-56 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
          <FolderOpen className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{project ? project.name : 'Projects'}</span>
          <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end" className="w-64">
          <MenuLabel>Open a project</MenuLabel>
          {projects.isPending && <MenuLabel>Loading…</MenuLabel>}
          {projects.data?.projects.length === 0 && <MenuLabel>No saved projects yet.</MenuLabel>}
          {projects.data?.projects.slice(0, 8).map((p) => (
            <MenuItem key={p.id} onSelect={() => void navigate(plannerPathFor(p.id))}>
              <span className="truncate">{p.name}</span>
              {p.id === project?.id && <Check className="ml-auto size-4" aria-hidden="true" />}
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuItem onSelect={() => void navigate('/dashboard#projects')}>All projects…</MenuItem>
          {project && (
            <MenuItem
              onSelect={() => {
                closeProject();
                void navigate('/planner', { replace: true });
              }}
            >
              Close project (keep working locally)
            </MenuItem>
          )}
          <MenuItem onSelect={() => (project ? startOver() : setIsResetOpen(true))}>
            Start a new plan
          </MenuItem>
        </MenuContent>
      </Menu>
      {isSaveOpen && <SaveProjectDialog isOpen onOpenChange={setIsSaveOpen} />}
      <ConfirmDialog
        isOpen={isResetOpen}
        onOpenChange={setIsResetOpen}
        title="Start a new plan?"
        description="The plan in this browser is not saved as a project; starting over discards it."
        confirmLabel="Discard and start over"
        isDanger
        onConfirm={startOver}
      />
      {isShareOpen && project && (
        <MembersDialog
          projectId={project.id}
          projectName={project.name}
          currentUserId={me.id}
          onOpenChange={setIsShareOpen}
          onLeft={() => {
            setIsShareOpen(false);
            closeProject();
            plannerStore.reset();
            void navigate('/dashboard', { replace: true });
          }}
        />
      )}
      {isHistoryOpen && project && (
        <SnapshotsDialog projectId={project.id} onOpenChange={setIsHistoryOpen} />
      )}
    </div>
  );
}
