import { memo } from 'react';
import { formatUsd } from '../../../lib/money';
import { useComponentCost } from './use-board-costs';

/**
 * A component's monthly list price, on the node's top edge. Nothing for what costs nothing (a
 * network, a role); a quiet "no price" mark, with the reason in its title, for what the book
 * cannot price.
 */
export const CostBadge = memo(function CostBadge({ id }: { id: string }) {
  const cost = useComponentCost(id);
  if (!cost) return null;
  if (cost.monthly === null) {
    return (
      <span
        className="absolute -top-2.5 right-2 rounded-full bg-white px-1.5 text-[10px] leading-4 font-medium text-slate-500 ring-1 ring-slate-200"
        title={cost.unpriced ?? undefined}
      >
        no price
        <span className="sr-only">: {cost.unpriced}</span>
      </span>
    );
  }
  const title = [
    `About ${formatUsd(cost.monthly)} a month at list prices`,
    cost.items,
    cost.isUsageBased ? 'Part of it is priced from usage assumptions (see Costing).' : '',
    cost.unpriced ? `Not priced: ${cost.unpriced}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <span
      data-testid="cost-badge"
      className="absolute -top-2.5 right-2 rounded-full bg-emerald-50 px-1.5 text-[10px] leading-4 font-semibold text-emerald-900 tabular-nums ring-1 ring-emerald-200"
      title={title}
    >
      <span className="sr-only">Costs about </span>
      {formatUsd(cost.monthly)}
      {cost.isUsageBased || cost.unpriced ? '*' : ''}
      <span className="sr-only"> a month</span>
      <span aria-hidden="true" className="font-normal text-emerald-800">
        /mo
      </span>
    </span>
  );
});
