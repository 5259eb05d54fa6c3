import type { TCostSummary, TDeployResource, TResourcePrice } from '../contract/planner/deployment';
import type { TNode } from '../iac/catalog/service';
import type { TCloud } from '../iac/types';
import type { TCostLine, TEstimate } from './model';
import { cents, sumCents } from './money';

/**
 * §9 "Simulated cost multipliers": the Simulate driver's cost of a deployment is the list-price
 * total × this. They are not prices and touch nothing else (the estimate is the book's).
 */
export const PROVIDER_MULTIPLIERS: Readonly<Record<TCloud, number>> = {
  aws: 1,
  azure: 0.95,
  gcp: 0.85,
  oci: 0.8,
};

const priceOf = (l: TCostLine): TResourcePrice => ({
  label: l.label,
  sku: l.sku,
  region: l.region,
  unit: l.unit,
  unitPrice: l.unitPrice,
  quantity: l.quantity,
  monthly: l.monthly,
  asOf: l.asOf,
  source: l.source,
  note: l.note,
  usageBased: l.usageBased,
});

function groupBy<T>(items: readonly T[], key: (t: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * The deployment step's resources (every node of the resolved design, groups first) with the
 * estimate's lines: each resource costs the sum of its lines, free ones 0, and one the book
 * cannot price at all null with the reason.
 */
export function deployResources(nodes: readonly TNode[], estimate: TEstimate): TDeployResource[] {
  const lines = groupBy(estimate.lines, (l) => l.componentId);
  const unpriced = groupBy(estimate.unpriced, (u) => u.componentId);
  const free = new Map((estimate.free ?? []).map((f) => [f.componentId, f.reason]));
  return nodes.map((node) => {
    const own = lines.get(node.id) ?? [];
    const reasons = (unpriced.get(node.id) ?? []).map((u) => u.reason);
    const freeReason = free.get(node.id) ?? null;
    return {
      id: node.id,
      name: node.name,
      service: node.service.id,
      serviceName: node.service.name,
      kind: node.service.kind,
      estimatedCost:
        own.length > 0 ? sumCents(own.map((l) => l.monthly)) : freeReason !== null ? 0 : null,
      prices: own.map(priceOf),
      unpricedReason: reasons.length > 0 ? reasons.join('; ') : null,
      freeReason,
    };
  });
}

/** The totals of the resources; `simulatedCost` is the Simulate driver's (§4, §9). */
export function summariseCosts(
  cloud: TCloud,
  resources: readonly TDeployResource[],
  bookVersion?: string,
): TCostSummary {
  const priced = resources.filter((r) => r.prices.length > 0);
  const monthlyTotal = sumCents(resources.map((r) => r.estimatedCost ?? 0));
  const multiplier = PROVIDER_MULTIPLIERS[cloud];
  let oldest: string | null = null;
  for (const r of priced)
    for (const p of r.prices) if (oldest === null || p.asOf < oldest) oldest = p.asOf;
  return {
    currency: 'USD',
    monthlyTotal,
    multiplier,
    simulatedCost: cents(monthlyTotal * multiplier),
    pricedCount: priced.length,
    unpricedCount: resources.filter((r) => r.estimatedCost === null).length,
    partialCount: priced.filter((r) => r.unpricedReason !== null).length,
    freeCount: resources.filter((r) => r.prices.length === 0 && r.estimatedCost === 0).length,
    pricesAsOf: oldest,
    ...(bookVersion !== undefined && { bookVersion }),
  };
}
