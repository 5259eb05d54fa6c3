import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { formatUsd, isStalePrice, pricesAsOf } from '../../../lib/money';
import type { TBoardCosts } from './use-board-costs';

/** The board's running total: "≈ $1,234.56 / month", its price date, and the way to Costing. */
export function CostTotal({ costs }: { costs: TBoardCosts }) {
  const { estimate, isLoading, problem } = costs;
  if (isLoading) {
    return (
      <span className="flex items-center gap-1.5 px-1 text-xs text-slate-600">
        <Spinner className="size-3.5" /> Prices…
      </span>
    );
  }
  if (!estimate) {
    return problem ? (
      <span className="px-1 text-xs text-slate-600" title={problem}>
        No estimate
      </span>
    ) : null;
  }
  // An empty board has nothing to total.
  const isEmpty =
    estimate.lines.length + estimate.unpriced.length + (estimate.free?.length ?? 0) === 0;
  if (isEmpty) return null;
  if (!costs.isCloudPriced) {
    return (
      <span
        className="px-1 text-xs text-slate-600"
        title={`${estimate.cloud.toUpperCase()} has no dated list prices in the price book: its services are not priced.`}
      >
        No list prices for {estimate.cloud.toUpperCase()}
      </span>
    );
  }
  const asOf = pricesAsOf(estimate.book.oldest, estimate.book.newest);
  const isStale = estimate.book.oldest !== null && isStalePrice(estimate.book.oldest);
  const details = [
    asOf ? `List prices as of ${asOf}${isStale ? ' (some older than 180 days)' : ''}` : '',
    `${estimate.region}, base values, 730 hours a month`,
    estimate.unpriced.length > 0 ? `${estimate.unpriced.length} part(s) not priced` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link
      to="/costing?design=planner"
      className="flex items-baseline gap-1 rounded-md px-2 py-1 text-xs text-slate-700 hover:bg-slate-100"
      title={`${details}. Open Costing for the lines, three clouds and usage assumptions.`}
      aria-label={`Estimated ${formatUsd(estimate.monthlyTotal)} a month at list prices${asOf ? ` as of ${asOf}` : ''}: open Costing`}
    >
      <span aria-hidden="true" className="text-slate-500">
        ≈
      </span>
      <output aria-live="polite" className="font-semibold text-slate-900 tabular-nums">
        {formatUsd(estimate.monthlyTotal)}
      </output>
      <span className="hidden sm:inline">/ month</span>
      {asOf && <span className="hidden text-slate-500 2xl:inline">· list prices as of {asOf}</span>}
    </Link>
  );
}
