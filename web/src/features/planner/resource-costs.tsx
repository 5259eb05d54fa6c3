import { Link } from 'react-router';
import type { TCostSummary, TDeployResource } from '@stratum/core/contract/planner/deployment';
import { formatUsd } from '../../lib/money';

export interface ResourceCostsProps {
  resources: readonly TDeployResource[];
  summary: TCostSummary;
  /** The saved project, for the link to its full estimate on the Costing page. */
  projectId: string;
}

/** What one resource costs a month, or why it has no price. */
function ResourceCost({ resource: r }: { resource: TDeployResource }) {
  if (r.estimatedCost === null) {
    return (
      <span className="text-xs text-slate-600" title={r.unpricedReason ?? undefined}>
        not priced
        <span className="sr-only">: {r.unpricedReason}</span>
      </span>
    );
  }
  if (r.estimatedCost === 0 && r.freeReason) {
    return (
      <span className="text-xs text-slate-600" title={r.freeReason}>
        no charge
        <span className="sr-only">: {r.freeReason}</span>
      </span>
    );
  }
  const isUsage = r.prices.some((p) => p.usageBased === true);
  const title = [
    ...r.prices.map((p) => `${p.label}: ${formatUsd(p.monthly)} (${p.sku}, as of ${p.asOf})`),
    isUsage
      ? 'Usage-billed parts at their default assumptions (edit them on the Costing page).'
      : '',
    r.unpricedReason ? `Not priced: ${r.unpricedReason}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <span title={title}>
      {formatUsd(r.estimatedCost)}
      {(isUsage || r.unpricedReason) && (
        <span className="text-xs text-slate-600"> {isUsage ? '+ usage' : '+ unpriced parts'}</span>
      )}
    </span>
  );
}

/** §3 Deployment config: each resource with its monthly list price, and the totals. */
export function ResourceCosts({ resources, summary, projectId }: ResourceCostsProps) {
  return (
    <section
      aria-labelledby="costs-title"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-baseline gap-3 border-b border-slate-200 px-4 py-2.5">
        <h3 id="costs-title" className="text-sm font-semibold text-slate-900">
          Resources and estimated cost
        </h3>
        <span className="text-xs text-slate-600">
          List prices{summary.pricesAsOf ? ` as of ${summary.pricesAsOf}` : ''}
          {summary.bookVersion ? ` (price book ${summary.bookVersion})` : ''};{' '}
          {summary.unpricedCount} not priced
        </span>
        <Link
          to={`/costing?project=${encodeURIComponent(projectId)}`}
          className="ml-auto text-xs font-medium text-brand-700 underline underline-offset-2"
        >
          Full estimate on Costing
        </Link>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Resource
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Service
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Per month
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {resources.length === 0 && (
              <tr>
                <td colSpan={3} className="px-4 py-3 text-slate-600">
                  Nothing on the board to price: the architecture is skipped.
                </td>
              </tr>
            )}
            {resources.map((r) => (
              <tr key={r.id}>
                <td className="px-4 py-2 font-medium text-slate-900">{r.name}</td>
                <td className="px-4 py-2 text-slate-700">{r.serviceName}</td>
                <td className="px-4 py-2 text-right text-slate-900 tabular-nums">
                  <ResourceCost resource={r} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-slate-50 text-sm">
            <tr>
              <td colSpan={2} className="px-4 py-2 text-slate-700">
                List price per month
              </td>
              <td className="px-4 py-2 text-right font-semibold text-slate-900 tabular-nums">
                {formatUsd(summary.monthlyTotal)}
              </td>
            </tr>
            <tr>
              <td colSpan={2} className="px-4 py-2 text-xs text-violet-900">
                Simulated cost of the Simulate driver: the list price × its provider multiplier{' '}
                {summary.multiplier} (a simulation, not a price)
              </td>
              <td className="px-4 py-2 text-right text-violet-900 tabular-nums">
                {formatUsd(summary.simulatedCost)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
