import { Download, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DRIFT_STATUSES,
  type TDriftScan,
  type TDriftStatus,
  type TPlanAction,
} from '@stratum/core/contract/drift/scans';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { fetchPatch } from './api/scans';
import { useCreateRule } from './api/settings';
import { ChangeCard } from './change-card';
import { DriftSummary, STATUS_LABELS } from './drift-summary';
import { errorText } from './error-text';

/** A scan's result: the buckets, then (as the plan allows) the changes, fixes and a patch. */
export function ScanResult({ scan }: { scan: TDriftScan }) {
  const [status, setStatus] = useState<TDriftStatus | 'all'>('all');
  const [text, setText] = useState('');
  const createRule = useCreateRule();
  const [isPatching, setIsPatching] = useState(false);
  const q = text.trim().toLowerCase();
  const changes = scan.changes.filter(
    (c) =>
      (status === 'all' || c.status === status) &&
      (q === '' || c.address.toLowerCase().includes(q) || c.resourceType.toLowerCase().includes(q)),
  );
  const drifted =
    scan.summary.changed + scan.summary.missing + scan.summary.unmanaged + scan.summary.unknown;

  const ignore = (rule: {
    addressPattern?: string;
    resourceType?: string;
    attributePath?: string;
  }) =>
    createRule.mutate(
      { ...rule, sourceId: scan.sourceId },
      {
        onSuccess: () =>
          toast.success(
            `Ignored from the next scan on: ${rule.addressPattern ?? `${rule.resourceType ?? ''} ${rule.attributePath ?? ''}`.trim()}. The rule is in Ignore rules.`,
          ),
        onError: (e) => toast.error(errorText(e, 'The rule could not be added.')),
      },
    );

  const downloadPatch = async () => {
    setIsPatching(true);
    try {
      const patch = await fetchPatch(scan.id);
      const blob = new Blob([patch.diff], { type: 'text/x-diff' });
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `drift-${scan.id.slice(0, 8)}.patch`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      toast.success(
        patch.diff === ''
          ? 'Nothing in the generated code needs to change.'
          : `${patch.title}: ${patch.files.length} file(s).`,
      );
    } catch (error) {
      toast.error(errorText(error, 'The patch could not be made.'));
    } finally {
      setIsPatching(false);
    }
  };

  return (
    <section aria-labelledby="scan-result-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="scan-result-title" className="text-lg font-semibold text-slate-900">
            Scan of {new Date(scan.createdAt).toLocaleString()}
          </h2>
          <p className="text-sm text-slate-600">
            Against{' '}
            {scan.actualKind === 'aws'
              ? 'a live AWS read'
              : scan.actualKind === 'k8s'
                ? 'the cluster'
                : `a ${scan.actualKind}`}
            {scan.trigger === 'schedule' ? ' (scheduled)' : ''} · {scan.checkedTypes.length} type
            {scan.checkedTypes.length === 1 ? '' : 's'} compared
          </p>
        </div>
        {scan.access.autopr && (
          <Button
            variant="secondary"
            size="sm"
            isLoading={isPatching}
            onClick={() => void downloadPatch()}
          >
            <Download className="size-4" aria-hidden="true" /> Pull-request patch
          </Button>
        )}
      </div>
      <DriftSummary summary={scan.summary} />
      {scan.sincePrevious && (
        <p className="text-sm text-slate-700">
          Since the previous scan: {scan.sincePrevious.appeared.length} new,{' '}
          {scan.sincePrevious.resolved.length} resolved.
          {scan.sincePrevious.appeared.length + scan.sincePrevious.resolved.length > 0 && (
            <details className="mt-1">
              <summary className="cursor-pointer underline">Which</summary>
              <ul className="mt-1 font-mono text-xs break-all">
                {scan.sincePrevious.appeared.map((a) => (
                  <li key={`n${a}`}>+ {a}</li>
                ))}
                {scan.sincePrevious.resolved.map((a) => (
                  <li key={`r${a}`}>− {a}</li>
                ))}
              </ul>
            </details>
          )}
        </p>
      )}
      <NoiseNote scan={scan} />
      <ReaderWarnings warnings={scan.warnings} />
      {!scan.access.detect ? (
        <div className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-950">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            Your plan shows the drift preview: the counts above. Which resources drifted, attribute
            by attribute, comes with Pro; the fix for each with Ultra Pro; a pull-request patch with
            Enterprise.{' '}
            <Link to="/subscription" className="font-semibold underline underline-offset-2">
              See the plans
            </Link>
          </p>
        </div>
      ) : drifted === 0 ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          No drift: every compared resource matches what IaC says.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
              {(['all', ...DRIFT_STATUSES] as const).map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant={status === s ? 'primary' : 'secondary'}
                  aria-pressed={status === s}
                  onClick={() => setStatus(s)}
                >
                  {s === 'all' ? 'All' : STATUS_LABELS[s]} (
                  {s === 'all'
                    ? scan.changes.length
                    : scan.changes.filter((c) => c.status === s).length}
                  )
                </Button>
              ))}
            </div>
            <input
              type="search"
              aria-label="Filter changes"
              placeholder="Filter by address or type"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={`${inputClasses} max-w-xs`}
            />
          </div>
          {!scan.access.recommend && (
            <p className="text-xs text-slate-600">
              The fix for each drift (the Terraform change or import block) comes with Ultra Pro.{' '}
              <Link to="/subscription" className="underline">
                Plans
              </Link>
            </p>
          )}
          <ul aria-label="Changes" className="space-y-3">
            {changes.map((c) => (
              <ChangeCard
                key={`${c.status}:${c.address}`}
                change={c}
                canRecommend={scan.access.recommend}
                onIgnore={ignore}
              />
            ))}
          </ul>
          {changes.length === 0 && (
            <p className="text-sm text-slate-600">No change matches the filter.</p>
          )}
        </>
      )}
      {scan.planActions.length > 0 && <PlanActions actions={scan.planActions} />}
    </section>
  );
}

/** What the reader could not take as it is: said, so an "in sync" is read with its limits. */
function ReaderWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">
        {warnings.length === 1 ? 'One note' : `${warnings.length} notes`} from reading the file
      </p>
      <ul aria-label="Reader warnings" className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

const ACTION_LABELS: Record<TPlanAction['action'], string> = {
  create: 'create',
  update: 'update in place',
  delete: 'destroy',
  replace: 'replace',
  forget: 'forget (remove from state)',
};

/** A plan's own changes (configuration against the refreshed cloud): listed, never drift. */
function PlanActions({ actions }: { actions: readonly TPlanAction[] }) {
  return (
    <details className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer">
        The plan would also make {actions.length} change{actions.length === 1 ? '' : 's'} of its own
        (not drift)
      </summary>
      <ul aria-label="Planned changes" className="mt-2 space-y-1">
        {actions.map((a) => (
          <li key={`${a.action}:${a.address}`}>
            <span className="font-mono text-xs break-all">{a.address}</span>:{' '}
            {ACTION_LABELS[a.action]}
            {a.previousAddress && (
              <>
                {' '}
                (moved from <span className="font-mono text-xs">{a.previousAddress}</span>)
              </>
            )}
            {a.reason && <span className="text-slate-600"> · {a.reason.replaceAll('_', ' ')}</span>}
            {a.replacePaths.length > 0 && (
              <span className="text-slate-600">
                {' '}
                · forced by <span className="font-mono text-xs">{a.replacePaths.join(', ')}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function NoiseNote({ scan }: { scan: TDriftScan }) {
  const dropped = scan.noise.reduce((n, r) => n + r.count, 0);
  if (dropped === 0 && scan.ignored === 0 && scan.notCheckedTypes.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer">
        {dropped.toLocaleString()} difference{dropped === 1 ? '' : 's'} dropped as noise
        {scan.ignored > 0 && `, ${scan.ignored} hidden by your ignore rules`}
        {scan.notCheckedTypes.length > 0 && `, ${scan.notCheckedTypes.length} type(s) not checked`}
      </summary>
      {scan.noise.length > 0 && (
        <ul aria-label="Noise" className="mt-2 space-y-0.5">
          {scan.noise.map((n) => (
            <li key={n.rule}>
              <span className="font-mono text-xs">{n.rule}</span>: {n.count}
            </li>
          ))}
        </ul>
      )}
      {scan.notCheckedTypes.length > 0 && (
        <p className="mt-2">
          Not read by this scan:{' '}
          <span className="font-mono text-xs">{scan.notCheckedTypes.join(', ')}</span>
        </p>
      )}
    </details>
  );
}
