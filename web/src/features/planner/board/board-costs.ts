import { componentTotals } from '@stratum/core/costing/estimate-design';
import type { TEstimate } from '@stratum/core/costing/model';

/** What the board shows of one component's estimate. */
export interface TComponentCost {
  /** Monthly list price of its priced lines (USD, sum of cents); null when none is priced. */
  readonly monthly: number | null;
  /** Some of it is priced from a usage assumption (GB stored, requests…). */
  readonly isUsageBased: boolean;
  /** What the book cannot price of it, and why (joined); null when everything is priced. */
  readonly unpriced: string | null;
  /** The lines' labels, for the badge's title: `Instance (m7i.large)`. */
  readonly items: string;
}

const same = (a: TComponentCost, b: TComponentCost) =>
  a.monthly === b.monthly &&
  a.isUsageBased === b.isUsageBased &&
  a.unpriced === b.unpriced &&
  a.items === b.items;

/**
 * The estimate per component. Entries equal to the previous map's are the previous objects, so a
 * node whose cost did not change does not draw again (500 nodes, one of them edited).
 */
export function componentCosts(
  estimate: TEstimate,
  previous: ReadonlyMap<string, TComponentCost> = new Map(),
): Map<string, TComponentCost> {
  const totals = componentTotals(estimate);
  const usage = new Set<string>();
  const items = new Map<string, string[]>();
  for (const line of estimate.lines) {
    const id = line.componentId;
    if (id === null) continue;
    if (line.usageBased) usage.add(id);
    const list = items.get(id);
    const item = `${line.label}: $${line.monthly.toFixed(2)}`;
    if (list) list.push(item);
    else items.set(id, [item]);
  }
  const reasons = new Map<string, string[]>();
  for (const u of estimate.unpriced) {
    if (u.componentId === null) continue;
    const list = reasons.get(u.componentId);
    if (list) list.push(u.reason);
    else reasons.set(u.componentId, [u.reason]);
  }
  const next = new Map<string, TComponentCost>();
  for (const id of new Set([...totals.keys(), ...reasons.keys()])) {
    const entry: TComponentCost = {
      monthly: totals.get(id) ?? null,
      isUsageBased: usage.has(id),
      unpriced: reasons.get(id)?.join('; ') ?? null,
      items: items.get(id)?.join('\n') ?? '',
    };
    const before = previous.get(id);
    next.set(id, before && same(before, entry) ? before : entry);
  }
  return next;
}

type Listener = () => void;

/**
 * The board's costs as a store each node subscribes to by id (`useSyncExternalStore`): a new
 * estimate notifies every node, but only those whose entry changed draw again.
 */
export class BoardCostStore {
  private costs: ReadonlyMap<string, TComponentCost> = new Map();
  private readonly listeners = new Set<Listener>();

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(id: string): TComponentCost | undefined {
    return this.costs.get(id);
  }

  current(): ReadonlyMap<string, TComponentCost> {
    return this.costs;
  }

  set(costs: ReadonlyMap<string, TComponentCost>): void {
    if (costs === this.costs) return;
    this.costs = costs;
    for (const listener of this.listeners) listener();
  }
}
