import { serviceForKind, servicesOf } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TCloud, TPropertyValue } from '../../iac/types';
import type { TImportedResource, TInstance } from './instantiate';
import { bodyRefs, type TCandidate } from './ownership';
import type { TPeer } from './probe-design';
import { fitScore, serviceProbe } from './probe';
import { forgetDerived, recoverProperties } from './probe-read';
import { derivedProperties, givenByConnections } from './derived-values';
import { regroupCandidates } from './regroup';
import { explainsMoreConnected, shownOnlyConnected } from './explains';
import { canonical, isTaggedVal, type TVal } from './value';
import type { TView, TViewContext } from './view';

/**
 * Terraform → components: per candidate the catalog service that explains its resources best,
 * where it sits (its subnet or network), and the pairs wired together.
 */

/** `aws_subnet` of `module.net.aws_subnet.a`. */
const typeOfAddress = (address: string) => {
  const parts = address.replace(/^(module\.[^.]+\.)+/, '').split('.');
  return parts[0] === 'data' ? `data.${parts[1]}` : parts[0];
};

/**
 * A resource named with the generic resource's `{type}` word (`acme-ops-${env}-res-keys`) and not
 * the service's: the engine wrote it from a generic resource component, which it stays.
 */
function namedGeneric(
  primary: TImportedResource,
  service: TServiceDefinition,
  genericAbbreviation: string | undefined,
): boolean {
  if (!genericAbbreviation || service.naming.abbreviation === genericAbbreviation) return false;
  for (const v of Object.values(primary.body)) {
    // Blocks (`{$: 'block'}`) have no canonical text: names are plain arguments.
    const text = isTaggedVal(v as TVal) ? (canonical(v as TVal) as string | undefined) : undefined;
    if (typeof text !== 'string' || !text.includes('var.environment')) continue;
    const words = text.toLowerCase().split(/[^a-z0-9]+/);
    return (
      words.includes(genericAbbreviation) &&
      !words.includes(service.naming.abbreviation.toLowerCase())
    );
  }
  return false;
}

/** The words of the resource's name the engine wrote (`insights-${env}-iap-ops`). */
function nameWords(primary: TImportedResource): readonly string[] {
  for (const v of Object.values(primary.body)) {
    const text = isTaggedVal(v as TVal) ? (canonical(v as TVal) as string | undefined) : undefined;
    if (typeof text === 'string' && text.includes('var.environment'))
      return text.toLowerCase().split(/[^a-z0-9]+/);
  }
  return [];
}

/** The local name of the peer a probe is connected to (`probe-x-peer`). */
const PEER_LOCAL = 'probe_x_peer';

/**
 * A view read with the peer's name as the probe writes it (`…_probe_x_peer`, a rule per target):
 * in the part of each key after its resource type (`azurerm_key_vault_secret` holds `_vault`).
 */
export function asPeer(view: TView, local: string, owned: readonly TImportedResource[]): TView {
  const types = [...new Set(owned.map((r) => (r.mode === 'data' ? `data.${r.type}` : r.type)))];
  const peerIn = new RegExp(`_${local}(?=$|[/_])`);
  return new Map(
    [...view].map(([k, e]) => {
      const type = types.filter((t) => k.startsWith(t)).sort((a, b) => b.length - a.length)[0];
      const at = type?.length ?? 0;
      return [k.slice(0, at) + k.slice(at).replace(peerIn, `_${PEER_LOCAL}`), e];
    }),
  );
}

/** How much of what a catalog service would emit must be found before the component is kept. */
const MIN_FIT = 0.25;

/** `api_fn` → `api-fn`: a design id (lowercase letters, digits, hyphens; max 48). */
export function idFor(local: string, taken: Set<string>): string {
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 44);
  if (base === '') base = 'resource';
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  taken.add(id);
  return id;
}

export const nameFor = (id: string) => id.slice(0, 40).replace(/-+$/, '');

export interface TRecovered {
  readonly candidate: TCandidate;
  readonly id: string;
  service: TServiceDefinition;
  properties: Record<string, TPropertyValue>;
  readonly isGroup: boolean;
  /** How much of what its build writes is found (1: all). */
  fit: number;
  /** The component it was read connected to, when that explains it better. */
  peer?: TPeer;
  peerLocal?: string;
}

export interface TComponents {
  readonly recovered: TRecovered[];
  /** Ids given so far (generic components take theirs after). */
  readonly taken: Set<string>;
  readonly views: Map<TCandidate, TView>;
  /** Whether a candidate's resources point at a subnet (it writes its network access). */
  readonly placedIn: Map<TCandidate, boolean>;
  /** The group (subnet or network) a component sits in. */
  readonly placement: Map<TRecovered, TRecovered>;
  /** More subnets than the one it sits in. */
  readonly placedSubnets: Map<TRecovered, TRecovered[]>;
  /** The pairs of components wired together (`a b` → [a, b]). */
  readonly pairs: Map<string, [TRecovered, TRecovered]>;
}

/** Reads the candidates as components (those no service explains are dropped from `owner`). */
export function recoverComponents(input: {
  readonly base: TInstance;
  readonly cloud: TCloud;
  readonly region: string;
  readonly candidates: readonly TCandidate[];
  readonly owner: Map<string, TCandidate>;
  /** Main resources whose component the engine refuses: kept as generic resources. */
  readonly generic: ReadonlySet<string>;
  readonly viewIn: (instance: TInstance, c: TCandidate, ctx: TViewContext) => TView;
  readonly baseCtx: TViewContext;
}): TComponents {
  const { base, cloud, region, owner, viewIn, baseCtx } = input;
  const candidates = regroupCandidates(input.candidates, owner, base.resources, region);
  forgetDerived();
  const genericAbbreviation = servicesOf(cloud).find((s) => s.kind === 'resource')?.naming
    .abbreviation;
  // Components: the service that explains the resources best, if it explains enough of them.
  const taken = new Set<string>();
  const recovered: TRecovered[] = [];
  const demoted: TCandidate[] = [];
  const weak: TCandidate[] = [];
  const views = new Map<TCandidate, TView>();
  const subnetType = serviceForKind(cloud, 'subnet')?.emits.terraform[0];
  const placedIn = new Map<TCandidate, boolean>();
  for (const c of candidates) {
    const view = viewIn(base, c, baseCtx);
    views.set(c, view);
    // In a subnet: the component writes its network access (security group, VPC config).
    const placed = c.owned.some((r) =>
      bodyRefs(r.body).some((a) => typeOfAddress(a) === subnetType),
    );
    placedIn.set(c, placed);
    let best:
      | { service: TServiceDefinition; properties: Record<string, TPropertyValue>; fit: number }
      | undefined;
    const found: NonNullable<typeof best>[] = [];
    for (const s of c.services) {
      const probe = serviceProbe(s.id, region, placed);
      if (!probe) continue;
      const properties = recoverProperties(probe, view);
      const fit = fitScore(s, region, properties, view, placed);
      if (!best || fit > best.fit) best = { service: s, properties, fit };
      found.push({ service: s, properties, fit });
    }
    // The service whose `{type}` word the name carries (`iap`, not a firewall's `fw`), when
    // it explains enough: what the rest writes may come with its connections.
    const words = nameWords(c.primary);
    const isNamed = (s: TServiceDefinition) => words.includes(s.naming.abbreviation.toLowerCase());
    const named = found.filter((f) => isNamed(f.service) && f.fit >= MIN_FIT);
    if (best && !isNamed(best.service) && named.length === 1) best = named[0];
    if (
      !best ||
      input.generic.has(c.primary.address) ||
      namedGeneric(c.primary, best.service, genericAbbreviation)
    ) {
      demoted.push(c);
      continue;
    }
    if (best.fit < MIN_FIT) {
      weak.push(c);
      continue;
    }
    recovered.push({
      candidate: c,
      id: idFor(c.local, taken),
      service: best.service,
      properties: best.properties,
      fit: best.fit,
      isGroup: best.service.kind === 'network' || best.service.kind === 'subnet',
    });
  }
  // A component whose build alone writes what a connection gives it (a secret's own key vault,
  // when it is connected to one): read again probed connected to each component it is wired to.
  const recoveredOf = new Map(recovered.map((r) => [r.candidate, r]));
  for (const c of weak) {
    const view = views.get(c)!;
    const placed = placedIn.get(c) ?? false;
    const wired = new Set<TRecovered>();
    for (const a of c.owned.flatMap((x) => bodyRefs(x.body))) {
      const o = owner.get(a);
      const r = o ? recoveredOf.get(o) : undefined;
      if (r) wired.add(r);
    }
    for (const r of recovered)
      if (r.candidate.owned.some((x) => bodyRefs(x.body).some((a) => owner.get(a) === c)))
        wired.add(r);
    let best: Omit<TRecovered, 'candidate' | 'id' | 'isGroup'> | undefined;
    for (const other of wired) {
      const local = other.candidate.local;
      const seen = asPeer(view, local, c.owned);
      for (const service of c.services)
        for (const type of ['data', 'traffic'] as const)
          for (const outgoing of [true, false]) {
            const peer = { service: other.service, type, outgoing };
            const probe = serviceProbe(service.id, region, placed, peer);
            if (!probe) continue;
            const properties = recoverProperties(probe, seen);
            const fit = fitScore(service, region, properties, seen, placed, peer);
            if (!best || fit > best.fit)
              best = { service, properties, fit, peer, peerLocal: local };
          }
    }
    if (!best || best.fit < MIN_FIT) {
      demoted.push(c);
      continue;
    }
    recovered.push({
      ...best,
      candidate: c,
      id: idFor(c.local, taken),
      isGroup: best.service.kind === 'network' || best.service.kind === 'subnet',
    });
  }
  for (const c of demoted) for (const r of c.owned) owner.delete(r.address);

  // Placement: the subnets (or network) a component's resources point at.
  const byCandidate = new Map(recovered.map((r) => [r.candidate, r]));
  const recoveredAt = (address: string) => {
    const c = owner.get(address);
    return c ? byCandidate.get(c) : undefined;
  };
  const placement = new Map<TRecovered, TRecovered>();
  const placedSubnets = new Map<TRecovered, TRecovered[]>();
  const inNetworkOnly = new Map<TRecovered, TRecovered[]>();
  for (const r of recovered) {
    const refs = r.candidate.owned.flatMap((x) => bodyRefs(x.body)).map(recoveredAt);
    const groups = [...new Set(refs.filter((t): t is TRecovered => !!t && t !== r && t.isGroup))];
    const wanted =
      r.service.kind === 'subnet'
        ? 'network'
        : r.service.placement === 'network'
          ? 'network'
          : r.service.placement === 'subnet' || r.service.placement === 'optional-subnet'
            ? 'subnet'
            : undefined;
    const fitting = groups.filter((g) => g.service.kind === wanted);
    if (fitting[0]) placement.set(r, fitting[0]);
    placedSubnets.set(r, fitting.slice(1));
    if (!fitting[0] && r.service.placement === 'subnet') inNetworkOnly.set(r, groups);
  }
  // A service that must sit in a subnet but names only its network (a Memorystore instance's
  // authorized network): the first subnet of that network.
  for (const [r, groups] of inNetworkOnly) {
    const network = groups.find((g) => g.service.kind === 'network');
    const subnet = recovered.find(
      (g) => g.service.kind === 'subnet' && placement.get(g) === network,
    );
    if (network && subnet) placement.set(r, subnet);
  }

  // Connections: for each pair wired together, the connection whose forward build writes it.
  const pairs = new Map<string, [TRecovered, TRecovered]>();
  for (const r of recovered) {
    for (const x of r.candidate.owned)
      for (const a of bodyRefs(x.body)) {
        const t = recoveredAt(a);
        // Groups reach each other by nesting; a component its groups by placement (above).
        if (!t || t === r || (t.isGroup && r.isGroup)) continue;
        if (placement.get(r) === t || placement.get(t) === r) continue;
        if ((placedSubnets.get(r) ?? []).includes(t)) continue;
        const [p, q] = r.id < t.id ? [r, t] : [t, r];
        pairs.set(`${p.id} ${q.id}`, [p, q]);
      }
  }
  // Properties that show only through a connection (an alarm's query on its target, a rule's
  // event source): a component its own probe does not explain fully is read again probed
  // connected to each component it is wired to, and keeps what explains it better.
  for (const [p, q] of pairs.values())
    for (const [r, other] of [
      [p, q],
      [q, p],
    ] as const) {
      const placed = placedIn.get(r.candidate) ?? false;
      const local = other.candidate.local;
      const view = asPeer(views.get(r.candidate)!, local, r.candidate.owned);
      for (const type of ['data', 'traffic'] as const)
        for (const outgoing of [true, false]) {
          const peer = { service: other.service, type, outgoing };
          const read = (service: TServiceDefinition) => {
            const probe = serviceProbe(service.id, region, placed, peer);
            if (!probe) return undefined;
            const properties = recoverProperties(probe, view);
            return { properties, fit: fitScore(service, region, properties, view, placed, peer) };
          };
          const keep = (
            service: TServiceDefinition,
            found: { properties: typeof r.properties; fit: number },
          ) => {
            r.service = service;
            r.properties = found.properties;
            r.fit = found.fit;
            r.peer = peer;
            r.peerLocal = local;
          };
          const mine = read(r.service);
          // Better than what was read alone (unless that explained all it writes: an event
          // bus's source shows only in the rules its connections add; or unless connected it
          // writes more of what was read), and than the same properties read connected.
          if (
            mine &&
            (!(r.fit < 1 && mine.fit <= r.fit) ||
              explainsMoreConnected(r.service.id, region, placed, peer, view)) &&
            mine.fit > fitScore(r.service, region, r.properties, view, placed, peer)
          )
            keep(r.service, mine);
          // Else what shows only connected (a GKE workload namespace in its identity grant),
          // where the connection writes what was read and explains it no worse: read
          // connected, in every environment.
          else if (
            mine &&
            Object.keys(shownOnlyConnected(r, mine.properties, region, placed)).length > 0 &&
            explainsMoreConnected(r.service.id, region, placed, peer, view) &&
            mine.fit >= fitScore(r.service, region, r.properties, view, placed, peer)
          )
            keep(r.service, mine);
          // Another of its services may explain it better connected than its own does (a load
          // balancer in front of a serverless endpoint group, whose probe alone serves VMs).
          const words = nameWords(r.candidate.primary);
          const isNamed = (x: TServiceDefinition) =>
            words.includes(x.naming.abbreviation.toLowerCase());
          for (const service of r.candidate.services) {
            if (service === r.service || (isNamed(r.service) && !isNamed(service))) continue;
            const theirs = read(service);
            if (theirs && theirs.fit > r.fit && theirs.fit > (mine?.fit ?? -1))
              keep(service, theirs);
          }
        }
    }

  // A text that is only what its connections derive (a sink's filter over its sources) is the
  // empty default that derives it.
  for (const r of recovered) {
    const wired = [...pairs.values()].flatMap(([p, q]) => (p === r ? [q] : q === r ? [p] : []));
    const input = { ...r, placed: placedIn.get(r.candidate) ?? false, wired };
    for (const key of derivedProperties(input, region)) delete r.properties[key];
    const view = views.get(r.candidate)!;
    for (const key of givenByConnections({ ...input, view }, region)) delete r.properties[key];
  }

  return { recovered, taken, views, placedIn, placement, placedSubnets, pairs };
}
