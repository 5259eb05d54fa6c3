import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { TPlanId } from '@stratum/core/contract/common';
import type { TCostHistory } from '@stratum/core/contract/costing/history';
import { canUse } from '@stratum/core/plans-gating';
import { DataTable } from '../../components/data-table';
import { useSubscription } from '../../lib/api/subscription';
import { formatUsd, formatUsdDelta } from '../../lib/money';
import { plannerPathFor } from '../../lib/api/projects';
import { useCurrentUser } from '../../lib/session';
import { costHistoryQuery } from './api/history';
import { HistoryChart } from './history-chart';
import { cloudLabel } from './names';
import { QueryState } from './query-state';

export interface HistoryViewProps {
  projectId: string | null;
}

const empty = (text: string) => (
  <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
    {text}
  </p>
);

/** The cost of a project at each generation, and a forecast: Enterprise's advanced analytics. */
export function HistoryView({ projectId }: HistoryViewProps) {
  const subscription = useSubscription();
  const user = useCurrentUser();
  const plan = (subscription.data?.currentPlan.id ?? user.subscription) as TPlanId;
  if (!canUse(plan, 'advanced-analytics')) return <UpgradeHint />;
  if (projectId === null) {
    return empty(
      'Cost history belongs to a saved project: save the design as a project, then choose it above.',
    );
  }
  return <ProjectHistory projectId={projectId} />;
}

function ProjectHistory({ projectId }: { projectId: string }) {
  const history = useQuery(costHistoryQuery(projectId));
  return (
    <QueryState result={history} what="the cost history">
      {(data) => <HistoryResult history={data} />}
    </QueryState>
  );
}

function HistoryResult({ history }: { history: TCostHistory }) {
  const { current, forecast, generations } = history;
  const priced = generations.filter((g) => g.monthlyTotal !== null);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        What the design of “{history.projectName}” cost a month when each generation was made, all
        at today&apos;s list prices (price book {history.book.version}): the line shows what the
        design changed, not what prices did.
      </p>
      <dl className="flex flex-wrap gap-3">
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs text-slate-600">The design as saved now</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">
            {current ? formatUsd(current.monthlyTotal) : '—'}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs text-slate-600">Generations priced</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">
            {priced.length} of {generations.length}
          </dd>
        </div>
        {forecast && (
          <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs text-slate-600">Trend per month</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums">
              {formatUsdDelta(forecast.slopePerMonth)}
            </dd>
          </div>
        )}
      </dl>

      {generations.length === 0 ? (
        empty(
          'No generation yet: each time code is generated from this project, its design is priced here.',
        )
      ) : (
        <>
          <figure className="rounded-lg border border-slate-200 bg-white p-4">
            <figcaption className="text-sm font-semibold text-slate-900">
              Monthly cost at each generation{forecast ? ', and the forecast' : ''}
            </figcaption>
            <div className="mt-3">
              <HistoryChart history={history} />
            </div>
          </figure>

          <section aria-labelledby="generations-title" className="space-y-2">
            <h2 id="generations-title" className="text-base font-semibold text-slate-900">
              Generations ({generations.length})
            </h2>
            <DataTable
              label="Monthly cost at each generation"
              rows={[...generations].reverse()}
              rowKey={(g) => g.generationId}
              columns={[
                {
                  key: 'at',
                  header: 'Generated',
                  cell: (g) => new Date(g.generatedAt).toLocaleString('en-GB'),
                },
                { key: 'format', header: 'Format', cell: (g) => g.format },
                { key: 'revision', header: 'Revision', cell: (g) => g.revision },
                {
                  key: 'where',
                  header: 'Cloud',
                  cell: (g) => (g.cloud ? `${cloudLabel(g.cloud)} · ${g.region ?? ''}` : '—'),
                },
                {
                  key: 'monthly',
                  header: 'Per month',
                  className: 'text-right tabular-nums',
                  cell: (g) =>
                    g.monthlyTotal !== null ? (
                      <span>
                        {formatUsd(g.monthlyTotal)}
                        {g.unpricedCount > 0 && (
                          <span className="block text-xs text-slate-600">
                            {g.unpricedCount} not priced
                          </span>
                        )}
                      </span>
                    ) : (
                      <span className="text-xs text-slate-600">{g.reason}</span>
                    ),
                },
              ]}
            />
          </section>
        </>
      )}

      {forecast && (
        <section aria-labelledby="forecast-title" className="space-y-2">
          <h2 id="forecast-title" className="text-base font-semibold text-slate-900">
            Forecast
          </h2>
          <p className="text-xs text-slate-600">
            Based on {forecast.basedOn} priced generation{forecast.basedOn === 1 ? '' : 's'}.{' '}
            {forecast.method}
          </p>
          <table className="w-full max-w-md rounded-lg border border-slate-200 bg-white text-sm">
            <caption className="sr-only">Forecast monthly cost</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Month
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Per month
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {forecast.points.map((p) => (
                <tr key={p.month}>
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {p.month}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(p.monthlyTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <p className="text-sm">
        <Link
          to={plannerPathFor(history.projectId)}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Open the project in the Planner
        </Link>
      </p>
    </div>
  );
}

/** Below Enterprise: what the history would show, and where to get it. */
function UpgradeHint() {
  return (
    <div
      role="note"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Cost history and forecasts are advanced analytics, part of the Enterprise plan: the design
        of each generation of a project priced at today&apos;s list prices, and the trend carried
        three months forward. The estimate, the three clouds and plan pricing above are in every
        plan.{' '}
        <Link to="/subscription" className="font-semibold underline underline-offset-2">
          See plans
        </Link>
      </p>
    </div>
  );
}
