import { CalendarClock, FileUp, GitCompare, Network, ScanSearch, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TSource } from '@stratum/core/contract/inventory/model';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteSource, useImportSource } from './api/sources';
import { CompareDialog } from './compare-dialog';
import { errorText } from './error-text';
import { CountsLine, ImportResult, WarningList } from './import-result';
import { RefreshDialog } from './refresh-dialog';

/** The user's sources: counts, warnings, schedule, and what can be done with each. */
export function SourcesList({ sources }: { sources: readonly TSource[] }) {
  return (
    <ul className="space-y-3" aria-label="Sources">
      {sources.map((s) => (
        <SourceItem key={s.id} source={s} />
      ))}
    </ul>
  );
}

type TDialog = 'delete' | 'compare' | 'refresh' | null;

function SourceItem({ source }: { source: TSource }) {
  const inputId = useId();
  const [dialog, setDialog] = useState<TDialog>(null);
  const remove = useDeleteSource();
  const reimport = useImportSource();
  const { current } = source;

  const newVersion = (file: File | undefined) => {
    if (!file) return;
    reimport.mutate(
      { file, kind: source.kind, name: source.name, sourceId: source.id },
      { onError: (e) => toast.error(errorText(e, 'The new version could not be imported.')) },
    );
  };

  return (
    <li
      aria-label={source.name}
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-all text-slate-900">{source.name}</h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
            <Badge tone="brand">{source.kind}</Badge>
            <span>
              version {current.version}
              {source.versionCount > 1 ? ` of ${source.versionCount} kept` : ''}
            </span>
            <span>· imported {new Date(current.importedAt).toLocaleString()}</span>
            {current.terraformVersion && <span>· Terraform {current.terraformVersion}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Button variant="secondary" size="sm" asChild>
            <Link to={`/cmdb?source=${source.id}`}>
              <Network className="size-4" aria-hidden="true" /> Graph
            </Link>
          </Button>
          <Button variant="secondary" size="sm" asChild>
            <Link to={`/drift?source=${source.id}`}>
              <ScanSearch className="size-4" aria-hidden="true" /> Drift
            </Link>
          </Button>
        </div>
      </div>
      <div className="mt-2">
        <CountsLine counts={current.counts} />
      </div>
      {current.warnings.length > 0 && (
        <div className="mt-2">
          <WarningList warnings={current.warnings} />
        </div>
      )}
      {source.refresh && (
        <p className="mt-2 text-slate-700">
          Refreshed from{' '}
          <span className="font-mono text-xs break-all">{source.refresh.location}</span> every{' '}
          {intervalText(source.refresh.intervalMinutes)}
          {source.refresh.lastRunAt &&
            ` · last ${new Date(source.refresh.lastRunAt).toLocaleString()}: ${source.refresh.lastResult ?? ''}`}
          {source.refresh.lastOk === false && (
            <span className="ml-1 font-medium text-red-700">(failed)</span>
          )}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-1.5">
        <label
          htmlFor={inputId}
          className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50"
        >
          <FileUp className="size-4" aria-hidden="true" />
          {reimport.isPending ? 'Importing…' : 'Import a new version'}
          <input
            id={inputId}
            type="file"
            className="sr-only"
            disabled={reimport.isPending}
            onChange={(e) => {
              newVersion(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <Button
          variant="secondary"
          size="sm"
          disabled={source.versionCount < 2}
          title={source.versionCount < 2 ? 'Import a new version first' : undefined}
          onClick={() => setDialog('compare')}
        >
          <GitCompare className="size-4" aria-hidden="true" /> Compare versions
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('refresh')}>
          <CalendarClock className="size-4" aria-hidden="true" />
          {source.refresh ? 'Refresh schedule' : 'Refresh on a schedule'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDialog('delete')}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </Button>
      </div>
      {reimport.data && (
        <div className="mt-3">
          <ImportResult
            name={source.name}
            version={reimport.data.version}
            counts={reimport.data.counts}
            warnings={reimport.data.warnings}
          />
        </div>
      )}
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={`Delete “${source.name}”?`}
        description="Its versions, assets, refresh schedule and drift scans are deleted with it. This cannot be undone."
        confirmLabel="Delete source"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(source.id, {
            onSuccess: () => {
              setDialog(null);
              toast.success(`“${source.name}” was deleted.`);
            },
            onError: (e) => toast.error(errorText(e, 'The source could not be deleted.')),
          })
        }
      />
      {dialog === 'compare' && <CompareDialog source={source} onClose={() => setDialog(null)} />}
      {dialog === 'refresh' && <RefreshDialog source={source} onClose={() => setDialog(null)} />}
    </li>
  );
}

export function intervalText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
