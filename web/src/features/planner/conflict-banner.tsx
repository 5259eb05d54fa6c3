import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { Button } from '../../components/button';
import { flushSave, reloadProject } from './project-sync';
import { useSaveStatus } from './use-project-binding';

/** A save was refused (409): someone saved this project elsewhere. The user decides. */
export function ConflictBanner() {
  const status = useSaveStatus();
  const [isBusy, setIsBusy] = useState(false);
  if (status.kind !== 'conflict') return null;
  const run = (action: () => Promise<void>) => {
    setIsBusy(true);
    action()
      .catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))
      .finally(() => setIsBusy(false));
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {PLANNER_MSG.revisionConflict} Your changes here are not saved.
      </p>
      <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => run(reloadProject)}>
        Load the saved version
      </Button>
      <Button size="sm" disabled={isBusy} onClick={() => run(() => flushSave(true))}>
        Keep my changes
      </Button>
    </div>
  );
}
