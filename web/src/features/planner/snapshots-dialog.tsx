import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MAX_SNAPSHOTS_PER_PROJECT } from '@stratum/core/contract/planner/snapshot';
import { Dialog } from '../../components/dialog';
import { PLANNER_STORAGE_KEYS, writeJson } from '../../lib/storage';
import { useCreateSnapshot } from './api/create-snapshot';
import { useDeleteSnapshot } from './api/delete-snapshot';
import { snapshotsQuery } from './api/list-snapshots';
import { useRestoreSnapshot } from './api/restore-snapshot';
import { usePlannerStore } from './planner-store';
import { openProject, saveBeforeServerWork } from './project-sync';
import { SnapshotForm } from './snapshot-form';
import { SnapshotItem } from './snapshot-item';

export interface SnapshotsDialogProps {
  projectId: string;
  onOpenChange: (isOpen: boolean) => void;
}

/** §3 Version snapshots: take one (description, tags), restore one, delete one. */
export function SnapshotsDialog({ projectId, onOpenChange }: SnapshotsDialogProps) {
  const snapshots = useQuery(snapshotsQuery(projectId));
  const take = useCreateSnapshot(projectId, saveBeforeServerWork);
  const restore = useRestoreSnapshot(projectId);
  const remove = useDeleteSnapshot(projectId);
  const [confirmRestore, setConfirmRestore] = useState<string | null>(null);
  const role = usePlannerStore((s) => s.project?.role);
  const canEdit = role !== 'viewer';

  // §3 `version_snapshots`: the open project's history, as last read (the server holds it).
  useEffect(() => {
    if (snapshots.data)
      writeJson(PLANNER_STORAGE_KEYS.versionSnapshots, { projectId, snapshots: snapshots.data });
  }, [projectId, snapshots.data]);

  const handleTake = (input: { description: string; tags: string[] }) =>
    take.mutateAsync(input).then(
      () => toast.success('Snapshot taken'),
      (e: unknown) => {
        toast.error(e instanceof Error ? e.message : String(e));
        throw e;
      },
    );
  const handleRestore = (snapshotId: string) =>
    restore.mutate(snapshotId, {
      onSuccess: (data) => {
        openProject(data.project);
        toast.success('Snapshot restored; the version it replaced was kept as a snapshot');
        setConfirmRestore(null);
        onOpenChange(false);
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    <Dialog
      isOpen
      onOpenChange={onOpenChange}
      title="Version history"
      description={`Manual snapshots, and one taken automatically with each generation; at most ${MAX_SNAPSHOTS_PER_PROJECT}, the oldest automatic ones dropped first.`}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {canEdit && <SnapshotForm isTaking={take.isPending} onTake={handleTake} />}
      <div className="mt-4">
        {snapshots.isPending && <p className="text-sm text-slate-600">Loading snapshots…</p>}
        {snapshots.isError && (
          <p className="text-sm text-red-700">The snapshots could not be loaded.</p>
        )}
        {snapshots.data?.length === 0 && (
          <p className="text-sm text-slate-700">
            No snapshots yet. Generating code takes one automatically.
          </p>
        )}
        <ul aria-label="Snapshots" className="divide-y divide-slate-100">
          {snapshots.data?.map((s) => (
            <SnapshotItem
              key={s.id}
              snapshot={s}
              isConfirming={confirmRestore === s.id}
              isRestoring={restore.isPending}
              onConfirmChange={(isConfirming) => setConfirmRestore(isConfirming ? s.id : null)}
              onRestore={() => handleRestore(s.id)}
              onDelete={() => remove.mutate(s.id, { onError: (e) => toast.error(e.message) })}
              canRestore={canEdit}
              canDelete={role === undefined || role === 'owner'}
            />
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
