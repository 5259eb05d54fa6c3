import type { TRecovered } from './components';
import { chooseConnection, type TConnectable, type TConnectionChoice } from './connections';
import type { TInstance } from './instantiate';
import type { TSettled } from './environments';
import { bodyRefs, type TCandidate } from './ownership';
import type { TView } from './view';

/**
 * The placement connections into more subnets than the one a component sits in, read in every
 * environment: a count that differs per environment (`slice([a, b], 0, var.broker_subnet_count)`,
 * one subnet in dev, two in prod) shows the second subnet only in the environments that use it.
 * Each is read there, with that environment's view and values (in dev, a single-instance broker
 * writes one subnet whatever its connections).
 */
export interface TPlacementInput {
  readonly recovered: readonly TRecovered[];
  /** The group each sits in, and its further subnets in the first environment. */
  readonly placement: ReadonlyMap<TRecovered, TRecovered>;
  readonly placedSubnets: ReadonlyMap<TRecovered, readonly TRecovered[]>;
  /** The environments' instances (index 0: the first). */
  readonly instances: readonly TInstance[];
  /** The candidate owning an address. */
  readonly owner: ReadonlyMap<string, TCandidate>;
  /** The values settled across the environments (see environments.ts). */
  readonly settled: TSettled;
  /** A component as read in the first environment. */
  connectable(r: TRecovered): TConnectable;
  /** A candidate's view in environment `i`. */
  viewIn(i: number, c: TCandidate): TView;
  readonly region: string;
}

const inSubnet = (r: TRecovered) =>
  r.service.placement === 'subnet' || r.service.placement === 'optional-subnet';

export function placementConnections(input: TPlacementInput): TConnectionChoice[] {
  const { recovered, placement, placedSubnets, instances, owner, settled, region } = input;
  // As read in environment `i`: its view there and its values there.
  const at = (r: TRecovered, i: number): TConnectable => ({
    ...input.connectable(r),
    view: input.viewIn(i, r.candidate),
    properties: { ...settled.base.get(r.id), ...settled.overrides[i]?.[r.id] },
  });
  const byCandidate = new Map(recovered.map((r) => [r.candidate, r]));
  const out: TConnectionChoice[] = [];
  for (const [r, extra] of placedSubnets)
    for (const g of extra) {
      const choice = chooseConnection(input.connectable(r), input.connectable(g), region, true);
      if (choice) out.push(choice);
    }
  // Another environment's: only where it adds a subnet, read with its values.
  for (const r of recovered) {
    const home = placement.get(r);
    if (r.isGroup || !inSubnet(r) || home?.service.kind !== 'subnet') continue;
    const seen = new Set([home, ...(placedSubnets.get(r) ?? [])]);
    instances.forEach((instance, i) => {
      if (i === 0) return;
      const referred = referredIn(instance, r.candidate, owner, byCandidate);
      // What it refers to there: a reference of this environment's is not another's.
      const self = { ...at(r, i), refers: new Set(referred.map((g) => g.id)) };
      for (const g of referred) {
        if (seen.has(g) || g.service.kind !== 'subnet') continue;
        const choice = chooseConnection(self, at(g, i), region, true);
        // Not written with this environment's values: perhaps with a later one's.
        if (!choice) continue;
        seen.add(g);
        out.push(choice);
      }
    });
  }
  return out;
}

/** The components a candidate's resources refer to in one environment, in the order referred to. */
function referredIn(
  instance: TInstance,
  candidate: TCandidate,
  owner: ReadonlyMap<string, TCandidate>,
  byCandidate: ReadonlyMap<TCandidate, TRecovered>,
): TRecovered[] {
  const addresses = new Set(candidate.owned.map((x) => x.address));
  const refs = instance.resources
    .filter((x) => addresses.has(x.address))
    .flatMap((x) => bodyRefs(x.body))
    .map((a) => owner.get(a));
  const found = refs.flatMap((c) => (c && c !== candidate && byCandidate.get(c)) || []);
  return [...new Set(found)];
}
