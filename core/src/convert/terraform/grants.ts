import type { TConvertWarning } from '../types';
import {
  end,
  holdsResources,
  matchProbe,
  type TConnectable,
  type TConnectionChoice,
} from './connections';
import type { TRecovered } from './components';
import type { TBodyVal } from './instantiate';
import { connectionProbes, type TConnectionProbe } from './probe-connections';
import { relayedConnections } from './relayed';
import { inSubnetOrder, subnetClients } from './subnet-clients';
import { keyOf } from './view';

/**
 * Data connections the engine writes as grants that name no target: a project role
 * (`roles/cloudsql.client` for a workload's service account), a policy statement (`Allow
 * dynamic-group … to use stream-family in compartment id …`), a resource named after its target
 * (`api_to_orders_db`) but wired to nothing of it. No reference pairs the two components, so the
 * holder is probed connected to every other component: a grant's target is the one whose data
 * connection writes what the holder holds and its other connections do not explain. The mapping
 * from a target's service to the grant is the builders' own (probe-connections.ts), never a copy.
 */

export interface TGrantInput {
  /** The design's components (groups excluded), read as connectable ends. */
  readonly components: readonly TConnectable[];
  /** The connections found so far (through references). */
  readonly connections: readonly TConnectionChoice[];
  readonly region: string;
  /** The network a component sits in (through its subnet), to tell several candidates apart. */
  readonly networkOf: (id: string) => string | undefined;
  /** The subnet a component sits in, and the component (or group) holding an address. */
  readonly subnetOf?: (id: string) => string | undefined;
  readonly componentAt?: (address: string) => string | undefined;
  /**
   * Where the holder's resource of a view key (`google_project_iam_member_x/role`) was read, and
   * its body (the names its references give).
   */
  readonly where: (
    id: string,
    key: string,
  ) => { file: string; line: number; address: string; body?: TBodyVal };
}

export interface TGrants {
  readonly connections: TConnectionChoice[];
  /** The connections given and found, those admitted through one subnet list in its order. */
  readonly ordered: TConnectionChoice[];
  /** Grants with several possible targets: kept unconnected, with why. */
  readonly warnings: TConvertWarning[];
}

interface TCandidate {
  readonly to: TConnectable;
  readonly score: number;
  /** What it explains of the two ends (`S|key␀token`) that no other connection does. */
  readonly evidence: ReadonlySet<string>;
  /** Whether what it explains names the target (`…_to_orders_db`). */
  readonly isNamed: boolean;
}

const NO_GRANT_KINDS = new Set(['network', 'subnet', 'security-group']);
/** What names one of the two ends (not `@other:`: unwired, a reference may be to a third). */
const NAMES_AN_END = (text: string) =>
  /probe[-_]?(src|dst)|Probe(Src|Dst)|PROBE_(SRC|DST)/.test(text);

const isWithin = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].every((x) => b.has(x));

/** What a connection between `from` and `to` of `type` explains of the holder's side. */
function explainedBy(
  holder: TConnectable,
  from: TConnectable,
  to: TConnectable,
  type: TConnectionChoice['type'],
  region: string,
  port?: number,
): string[] {
  const side = from === holder ? 'S|' : 'D|';
  return connectionProbes(end(from), end(to), region, [type], port).flatMap((probe) =>
    [...matchProbe(probe, from, to).evidence].filter((k) => k.startsWith(side)),
  );
}

/** The data connection from `holder` to `to` as a grant: what it explains, if it fits. */
function candidate(
  holder: TConnectable,
  to: TConnectable,
  probes: readonly TConnectionProbe[],
): TCandidate | undefined {
  let best: TCandidate | undefined;
  for (const probe of probes) {
    const own = [...probe.sig.keys()].filter((k) => k.startsWith('S|'));
    if (own.length === 0 || !holdsResources(probe, holder, to)) continue;
    const m = matchProbe(probe, holder, to, NAMES_AN_END);
    // Every resource the connection writes into the holder is there (a value of one may differ:
    // a property read otherwise); on the target side, most of what it writes.
    const isThere = (k: string) => {
      const presence = `${k.slice(0, k.indexOf('/'))}/`;
      return m.held.has(k) || (probe.sig.has(presence) && m.held.has(presence));
    };
    if (!own.every(isThere) || m.matched / probe.sig.size < 0.5) continue;
    const score = m.matched - (probe.sig.size - m.matched) / 2;
    if (!best || score > best.score)
      best = { to, score, evidence: m.evidence, isNamed: m.specificMatched > 0 };
  }
  return best;
}

/**
 * What of a candidate's evidence the holder's other connections do not explain: a resource of
 * the holder is the same whether a connection wrote it as its source (`S|`) or its target (`D|`),
 * as a WebSocket API writes the data-access policy of the function it routes to.
 */
function unexplained(c: TCandidate, explained: ReadonlySet<string>): TCandidate | undefined {
  const isExplained = (k: string) =>
    explained.has(`S|${k.slice(2)}`) || explained.has(`D|${k.slice(2)}`);
  const evidence = new Set([...c.evidence].filter((k) => !isExplained(k)));
  return [...evidence].some((k) => k.startsWith('S|')) ? { ...c, evidence } : undefined;
}

/** The data connections the holders' grants imply, and the grants left unconnected. */
export function grantConnections(input: TGrantInput): TGrants {
  const { components, region } = input;
  const byId = new Map(components.map((c) => [c.id, c]));
  // Written through a third component first: what they explain is no grant's.
  const connections: TConnectionChoice[] = relayedConnections({
    components,
    connections: input.connections,
    region,
    resourceAt: input.where,
  });
  // Written into the client's subnet (a storage firewall): the component sitting there.
  const placed = input.subnetOf &&
    input.componentAt && { ...input, subnetOf: input.subnetOf, componentAt: input.componentAt };
  const admitted = placed
    ? subnetClients({ ...placed, connections: [...input.connections, ...connections] })
    : { connections: [], warnings: [] };
  connections.push(...admitted.connections);
  const found: TConnectionChoice[] = [...input.connections, ...connections];
  const warnings: TConvertWarning[] = [...admitted.warnings];
  const linked = (a: string, b: string) =>
    found.some((c) => (c.from === a && c.to === b) || (c.from === b && c.to === a));
  const explainedFor = (holder: TConnectable) => {
    const out = new Set<string>();
    for (const c of found) {
      const [from, to] = [byId.get(c.from), byId.get(c.to)];
      if (!from || !to || (from !== holder && to !== holder)) continue;
      for (const k of explainedBy(holder, from, to, c.type, region, c.port)) out.add(k);
    }
    return out;
  };
  // Every component is probed against every other: first with the two services' defaults (a
  // few builds per pair of services), then, where the holder has what those write, with the
  // components' own properties (once per pair of services and properties).
  const endKey = new Map(components.map((c) => [c, JSON.stringify(end(c))]));
  const probeCache = new Map<string, readonly TConnectionProbe[]>();
  const cached = (key: string, probe: () => readonly TConnectionProbe[]) => {
    let probes = probeCache.get(key);
    if (!probes) probeCache.set(key, (probes = probe()));
    return probes;
  };
  const plain = (c: TConnectable) => ({ service: c.service.id, properties: {}, placed: c.placed });
  const probesOf = (from: TConnectable, to: TConnectable) => {
    const defaults = cached(JSON.stringify([plain(from), plain(to)]), () =>
      connectionProbes(plain(from), plain(to), region, ['data']),
    );
    if (defaults.length > 0 && !defaults.some((p) => holdsResources(p, from, to))) return [];
    return cached(`${endKey.get(from)}\n${endKey.get(to)}`, () =>
      connectionProbes(end(from), end(to), region, ['data']),
    );
  };
  for (const holder of components) {
    if (NO_GRANT_KINDS.has(holder.service.kind)) continue;
    const all = components
      .filter(
        (t) => t !== holder && !NO_GRANT_KINDS.has(t.service.kind) && !linked(holder.id, t.id),
      )
      .map((t) => candidate(holder, t, probesOf(holder, t)))
      .filter((c): c is TCandidate => !!c);
    if (all.length === 0) continue;
    const accept = (c: TCandidate) => {
      const choice = { from: holder.id, to: c.to.id, type: 'data' as const };
      connections.push(choice);
      found.push(choice);
    };
    // Grants named after their target first: what they write is not another's to explain.
    let explained = explainedFor(holder);
    for (const c of all) if (c.isNamed && unexplained(c, explained)) accept(c);
    explained = explainedFor(holder);
    const open = all
      .filter((c) => !c.isNamed)
      .map((c) => unexplained(c, explained))
      .filter((c): c is TCandidate => !!c)
      .sort((x, y) => y.evidence.size - x.evidence.size || y.score - x.score);
    // A candidate explaining nothing another does not (an alert's "… of api" read against a
    // zone also named api) gives way to it; those explaining the same are told apart by their
    // score, then by the holder's network, else left unconnected with a warning.
    while (open.length > 0) {
      const first = open[0]!;
      const rivals = open.filter((c) => isWithin(c.evidence, first.evidence));
      for (const c of rivals) open.splice(open.indexOf(c), 1);
      let best = rivals.filter(
        (c) => c.evidence.size === first.evidence.size && c.score === first.score,
      );
      const network = input.networkOf(holder.id);
      const near = best.filter((c) => network && input.networkOf(c.to.id) === network);
      if (best.length > 1 && near.length === 1) best = near;
      if (best.length === 1) {
        accept(best[0]!);
        continue;
      }
      const key = [...first.evidence].find((k) => k.startsWith('S|'))!;
      const at = input.where(holder.id, key.slice(2, key.indexOf('\u0000')));
      warnings.push({
        file: at.file,
        line: at.line,
        message: `${at.address}: a grant of ${holder.id} that names no resource; ${best
          .map((c) => c.to.id)
          .join(
            ', ',
          )} could each be what it is for, so no connection was read from it (connect it on the board)`,
      });
    }
  }
  return { connections, warnings, ordered: placed ? inSubnetOrder(found, placed) : found };
}

/** Where recovered components sit (network and subnet), and which one holds an address. */
export function placedBy(
  recovered: readonly TRecovered[],
  placement: ReadonlyMap<TRecovered, TRecovered>,
): Required<Pick<TGrantInput, 'networkOf' | 'subnetOf' | 'componentAt'>> {
  const at = new Map(recovered.flatMap((r) => r.candidate.owned.map((x) => [x.address, r.id])));
  const byId = new Map(recovered.map((r) => [r.id, r]));
  return {
    networkOf: (id) => networkOf(recovered, placement, id),
    subnetOf: (id) => {
      const group = byId.get(id) && placement.get(byId.get(id)!);
      return group?.service.kind === 'subnet' ? group.id : undefined;
    },
    componentAt: (address) => at.get(address),
  };
}

/** The network a recovered component sits in: its group, or its subnet's. */
export function networkOf(
  recovered: readonly TRecovered[],
  placement: ReadonlyMap<TRecovered, TRecovered>,
  id: string,
): string | undefined {
  let at = recovered.find((r) => r.id === id);
  for (let i = 0; at && i < 3; i++) {
    if (at.service.kind === 'network') return at.id;
    at = placement.get(at);
  }
  return undefined;
}

/** The resource of a component's view key (`google_project_iam_member_cloudsql_client/role`). */
export function grantAt(
  recovered: readonly TRecovered[],
  id: string,
  key: string,
): { file: string; line: number; address: string; body: TBodyVal } {
  const r = recovered.find((x) => x.id === id)!;
  const local = r.candidate.primary.name;
  const resource = key.slice(0, key.indexOf('/')).replace(/#\d+$/, '');
  const x =
    r.candidate.owned.find(
      (o) => keyOf(o.mode === 'data' ? `data.${o.type}` : o.type, o.name, local) === resource,
    ) ?? r.candidate.primary;
  return { file: x.file, line: x.line, address: x.address, body: x.body };
}
