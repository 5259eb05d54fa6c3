import type { TCostSummary, TDeployResource } from '@stratum/core/contract/planner/deployment';

export interface ResourceCostsProps {
  resources: readonly TDeployResource[];
  summary: TCostSummary;
}

const usd = (n: number) => `$${n.toFixed(2)}`;

/** §3 Deployment config: each resource with its monthly list price, and the totals. */
export function ResourceCosts({ resources, summary }: ResourceCostsProps) {
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
          List prices{summary.pricesAsOf ? ` as of ${summary.pricesAsOf}` : ''};{' '}
          {summary.unpricedCount} not priced
        </span>
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
                <td
                  className="px-4 py-2 text-right text-slate-900"
                  title={r.unpricedReason ?? undefined}
                >
                  {r.estimatedCost === null ? (
                    <span className="text-xs text-slate-600">not priced</span>
                  ) : (
                    usd(r.estimatedCost)
                  )}
                  {r.estimatedCost !== null && r.unpricedReason && (
                    <span className="text-xs text-slate-600"> + usage</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="bg-slate-50 text-sm">
            <tr>
              <td colSpan={2} className="px-4 py-2 text-slate-700">
                Sum × provider multiplier {summary.multiplier}
              </td>
              <td className="px-4 py-2 text-right font-semibold text-slate-900">
                {usd(summary.monthlyTotal)} → {usd(summary.simulatedCost)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
