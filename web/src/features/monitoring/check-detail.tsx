import { useQuery } from '@tanstack/react-query';
import { Pencil, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import { RESULT_RANGES, type TResultRange } from '@stratum/core/contract/monitoring/results';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListState } from '../../components/list-state';
import { Panel } from '../../components/panel';
import { Tabs, TabsList, TabsTrigger } from '../../components/tabs';
import { incidentsQuery, resultsQuery, useDeleteCheck, useRunCheck } from './api/monitoring';
import { RANGE_LABEL, StateLabel, formatMs, formatUptime, targetText } from './check-state';
import { failureText } from './error-text';
import { IncidentTimeline } from './incident-timeline';
import { LatencyChart } from './latency-chart';

export interface CheckDetailProps {
  check: TCheck;
  onEdit: () => void;
  onDeleted: () => void;
}

/** One check: its latency over 1 h / 24 h / 7 d, percentiles, uptime and incidents. */
export function CheckDetail({ check, onEdit, onDeleted }: CheckDetailProps) {
  const [range, setRange] = useState<TResultRange>('24h');
  const [isConfirming, setIsConfirming] = useState(false);
  const results = useQuery(resultsQuery(check.id, range));
  const incidents = useQuery(incidentsQuery(check.id));
  const run = useRunCheck();
  const remove = useDeleteCheck();

  return (
    <Panel
      title={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {check.name} <StateLabel state={check.state} isInMaintenance={check.isInMaintenance} />
        </span>
      }
    >
      <div className="-mt-2 mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm break-all text-slate-600">
          {targetText(check)} · every {check.intervalSeconds} s · {check.retries} retr
          {check.retries === 1 ? 'y' : 'ies'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            isLoading={run.isPending}
            onClick={() =>
              run.mutate(check.id, {
                onSuccess: (c) => toast.success(`${c.name} is ${c.state}.`),
                onError: (e) => toast.error(failureText(e, 'The check could not run.')),
              })
            }
          >
            <Play className="size-4" aria-hidden="true" /> Run now
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </Button>
        </div>
      </div>
      {check.lastError && check.state !== 'up' && (
        <p className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          Last run: {check.lastError}
        </p>
      )}
      <Tabs value={range} onValueChange={(v) => setRange(v as TResultRange)}>
        <TabsList aria-label="Chart range">
          {RESULT_RANGES.map((r) => (
            <TabsTrigger key={r} value={r}>
              {RANGE_LABEL[r]}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <ListState result={results} what="the results">
        {(data) => (
          <div className="mt-4 space-y-3">
            <dl aria-label="Figures" className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {/* The range the figures are for: they lag the tab until its results load. */}
              <Figure
                label={`Uptime (${RANGE_LABEL[data.range]})`}
                value={formatUptime(data.uptime)}
              />
              <Figure label="p50 latency" value={formatMs(data.latency.p50)} />
              <Figure label="p95 latency" value={formatMs(data.latency.p95)} />
              <Figure label="p99 latency" value={formatMs(data.latency.p99)} />
            </dl>
            {data.points.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-600">
                No run in the last {RANGE_LABEL[data.range]} yet.
              </p>
            ) : (
              <LatencyChart points={data.points} range={data.range} />
            )}
          </div>
        )}
      </ListState>
      <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-900">Incidents</h3>
      <ListState result={incidents} what="the incidents">
        {(items) => <IncidentTimeline incidents={items} showCheck={false} />}
      </ListState>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Delete ${check.name}?`}
        description="Its results and incidents are deleted with it."
        confirmLabel="Delete"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(check.id, {
            onSuccess: () => {
              setIsConfirming(false);
              toast.success(`${check.name} deleted.`);
              onDeleted();
            },
            onError: (e) => toast.error(failureText(e, 'The check could not be deleted.')),
          })
        }
      />
    </Panel>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
