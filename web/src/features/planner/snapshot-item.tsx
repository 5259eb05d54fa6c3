import { RotateCcw, Trash2 } from 'lucide-react';
import type { TSnapshotSummary } from '@stratum/core/contract/planner/snapshot';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';

export interface SnapshotItemProps {
  snapshot: TSnapshotSummary;
  isConfirming: boolean;
  isRestoring: boolean;
  onConfirmChange: (isConfirming: boolean) => void;
  onRestore: () => void;
  onDelete: () => void;
  /** Shared projects: viewers restore nothing; only the owner deletes (default: both). */
  canRestore?: boolean;
  canDelete?: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One snapshot: what and when, restore (after a confirmation) and delete. */
export function SnapshotItem({ snapshot: s, ...props }: SnapshotItemProps) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-2.5">
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
      {props.isConfirming ? (
        <div className="flex items-center gap-2">
          <span className="text-xs text-slate-700">Replace the current plan?</span>
          <Button size="sm" isLoading={props.isRestoring} onClick={props.onRestore}>
            Restore
          </Button>
          <Button size="sm" variant="ghost" onClick={() => props.onConfirmChange(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-1">
          {props.canRestore !== false && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => props.onConfirmChange(true)}
              aria-label={`Restore snapshot from ${when(s.timestamp)}`}
            >
              <RotateCcw className="size-4" aria-hidden="true" /> Restore
            </Button>
          )}
          {props.canDelete !== false && (
            <Button
              size="sm"
              variant="ghost"
              onClick={props.onDelete}
              aria-label={`Delete snapshot from ${when(s.timestamp)}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
