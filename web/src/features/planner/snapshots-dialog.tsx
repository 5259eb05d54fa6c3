import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { createSnapshot } from '@stratum/core/contract/planner/create-snapshot';
import { deleteSnapshot } from '@stratum/core/contract/planner/delete-snapshot';
import { listSnapshots } from '@stratum/core/contract/planner/list-snapshots';
import { restoreSnapshot } from '@stratum/core/contract/planner/restore-snapshot';
import { MAX_SNAPSHOTS_PER_PROJECT } from '@stratum/core/contract/planner/snapshot';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { PLANNER_STORAGE_KEYS, writeJson } from '../../lib/storage';
import { flushSave, openProject } from './project-sync';

export interface SnapshotsDialogProps {
  projectId: string;
  onOpenChange: (isOpen: boolean) => void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** §3 Version snapshots: take one (description, tags), restore one, delete one. */
export function SnapshotsDialog({ projectId, onOpenChange }: SnapshotsDialogProps) {
  const queryClient = useQueryClient();
  const key = ['projects', projectId, 'snapshots'];
  const snapshots = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(listSnapshots, { params: { id: projectId }, signal }),
    select: (r) => r.data.snapshots,
  });
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [confirmRestore, setConfirmRestore] = useState<string | null>(null);

  // §3 `version_snapshots`: the open project's history, as last read (the server holds it).
  useEffect(() => {
    if (snapshots.data)
      writeJson(PLANNER_STORAGE_KEYS.versionSnapshots, { projectId, snapshots: snapshots.data });
  }, [projectId, snapshots.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const take = useMutation({
    mutationFn: async () => {
      await flushSave();
      return callApi(createSnapshot, {
        params: { id: projectId },
        body: {
          description: description.trim(),
          tags: tags
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
            .slice(0, 10),
        },
      });
    },
    onSuccess: () => {
      setDescription('');
      setTags('');
      toast.success('Snapshot taken');
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const restore = useMutation({
    mutationFn: (snapshotId: string) =>
      callApi(restoreSnapshot, { params: { id: projectId, snapshotId } }),
    onSuccess: (response) => {
      openProject(response.data.project);
      toast.success('Snapshot restored; the version it replaced was kept as a snapshot');
      setConfirmRestore(null);
      void refresh();
      onOpenChange(false);
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: (snapshotId: string) =>
      callApi(deleteSnapshot, { params: { id: projectId, snapshotId } }),
    onSuccess: () => void refresh(),
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          take.mutate();
        }}
        className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <TextField
          label="Description"
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Before adding the cache"
        />
        <TextField
          label="Tags"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="v1, reviewed"
        />
        <Button type="submit" isLoading={take.isPending}>
          Take snapshot
        </Button>
      </form>
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
            <li key={s.id} className="flex flex-wrap items-start gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium text-slate-900">
                    {s.description || (s.type === 'auto' ? 'Before generation' : 'Snapshot')}
                  </span>
                  <Badge tone={s.type === 'manual' ? 'brand' : 'neutral'}>
                    {s.type === 'manual' ? 'Manual' : 'Auto'}
                  </Badge>
                  {s.tags.map((t) => (
                    <Badge key={t}>{t}</Badge>
                  ))}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {when(s.timestamp)} · revision {s.revision}
                </p>
              </div>
              {confirmRestore === s.id ? (
                <div className="flex items-center gap-2">
                  <span className="text-xs text-slate-700">Replace the current plan?</span>
                  <Button
                    size="sm"
                    isLoading={restore.isPending}
                    onClick={() => restore.mutate(s.id)}
                  >
                    Restore
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirmRestore(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <div className="flex items-center gap-1">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setConfirmRestore(s.id)}
                    aria-label={`Restore snapshot from ${when(s.timestamp)}`}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" /> Restore
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => remove.mutate(s.id)}
                    aria-label={`Delete snapshot from ${when(s.timestamp)}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
