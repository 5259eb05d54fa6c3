import { servicesOf } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TImportedResource } from './instantiate';
import { bodyRefs, type TCandidate } from './ownership';
import { serviceProbe } from './probe';

/**
 * Candidates the engine's naming alone does not group right, regrouped by what each service's
 * build writes: a resource per connection (`ingest_pe_events` of a private endpoint `ingest_pe`),
 * a companion written only once connected (a container instance's own NSG, `proxy_nsg`), and
 * resources a service declares once per design under fixed names (API Gateway's account role).
 */
export function regroupCandidates(
  candidates: readonly TCandidate[],
  owner: Map<string, TCandidate>,
  resources: readonly TImportedResource[],
  region: string,
): TCandidate[] {
  let out = perConnection(candidates, owner, region);
  out = connectedCompanions(out, owner, region);
  return sharedOnce(out, owner, resources, region);
}

const modulePath = (r: TImportedResource) =>
  r.address.slice(0, r.address.length - `${r.type}.${r.name}`.length);
/** What a resource points at: its references and what it waits for. */
const wiredTo = (r: TImportedResource) => [
  ...bodyRefs(r.body),
  ...r.dependsOn.filter((d) => d !== '').map((d) => `${modulePath(r)}${d}`),
];
const PEER = 'probe_x_peer';

function moveInto(
  target: TCandidate,
  from: readonly TImportedResource[],
  owner: Map<string, TCandidate>,
) {
  for (const r of [...from]) {
    const before = owner.get(r.address);
    if (before && before !== target) {
      const at = before.owned.indexOf(r);
      if (at !== -1) before.owned.splice(at, 1);
    }
    owner.set(r.address, target);
    if (!target.owned.includes(r)) target.owned.push(r);
  }
}

/** The candidates another points at (or that point at it). */
function wiredCandidates(
  c: TCandidate,
  owner: ReadonlyMap<string, TCandidate>,
  all: readonly TCandidate[],
) {
  const out = new Set<TCandidate>();
  for (const a of c.owned.flatMap(wiredTo)) {
    const o = owner.get(a);
    if (o && o !== c) out.add(o);
  }
  const mine = new Set(c.owned.map((r) => r.address));
  for (const o of all)
    if (o !== c && o.owned.some((r) => wiredTo(r).some((a) => mine.has(a)))) out.add(o);
  return out;
}

/**
 * A service that writes its main resource once per connection (`<local>_<target>`): the
 * candidates `x_a`, `x_b` pointing at `a` and `b` are one component `x`.
 */
function perConnection(
  candidates: readonly TCandidate[],
  owner: Map<string, TCandidate>,
  region: string,
): TCandidate[] {
  const groups = new Map<
    string,
    { local: string; members: TCandidate[]; services: readonly TServiceDefinition[] }
  >();
  for (const c of candidates) {
    const type = c.primary.type;
    // Services whose main resource is this type, written only per connection.
    const perPeer = servicesOf(c.services[0]?.cloud ?? 'aws').filter((s) => {
      if (s.emits.terraform[0] !== type) return false;
      const keys = serviceProbe(s.id, region)?.resourceKeys;
      return !!keys?.has(`${type}_${PEER}`) && !keys.has(type);
    });
    if (perPeer.length === 0 || c.services.length === 0) continue;
    const target = [...wiredCandidates(c, owner, candidates)].find((t) =>
      c.primary.name.endsWith(`_${t.local}`),
    );
    if (!target) continue;
    const local = c.primary.name.slice(0, -`_${target.local}`.length);
    const key = `${modulePath(c.primary)}${type}.${local}`;
    const group = groups.get(key) ?? { local, members: [], services: perPeer };
    group.members.push(c);
    groups.set(key, group);
  }
  const replaced = new Map<TCandidate, TCandidate | null>();
  const taken = new Set(candidates.map((c) => c.local));
  for (const { local, members, services } of groups.values()) {
    if (taken.has(local)) continue;
    taken.add(local);
    const first = members[0]!;
    // Read under the component's own name, so each resource's key names its target.
    const merged: TCandidate = {
      local,
      primary: { ...first.primary, name: local },
      services,
      owned: [],
    };
    for (const m of members) moveInto(merged, m.owned, owner);
    // The main resource keeps its address: the design's refusal and rewriting name it.
    owner.set(first.primary.address, merged);
    members.forEach((m, i) => replaced.set(m, i === 0 ? merged : null));
  }
  return candidates.flatMap((c) => {
    const r = replaced.get(c);
    return r === undefined ? [c] : r === null ? [] : [r];
  });
}

/**
 * A candidate named `<local>_<suffix>` that another's build writes under that name once it is
 * connected to a component it is wired to (a container instance's NSG for its incoming
 * traffic): that one's companion.
 */
function connectedCompanions(
  candidates: readonly TCandidate[],
  owner: Map<string, TCandidate>,
  region: string,
): TCandidate[] {
  const byLocal = new Map(candidates.map((c) => [c.local, c]));
  const absorbed = new Set<TCandidate>();
  for (const s of candidates) {
    const parent = [...byLocal.values()]
      .filter((c) => c !== s && s.primary.name.startsWith(`${c.local}_`))
      .sort((a, b) => b.local.length - a.local.length)[0];
    if (!parent || absorbed.has(parent)) continue;
    const key = `${s.primary.type}${s.primary.name.slice(parent.local.length)}`;
    const wired = wiredCandidates(parent, owner, candidates);
    if (!wired.has(s)) continue;
    const writes = parent.services.some((service) =>
      [...wired].some(
        (w) =>
          w !== s &&
          w.services.some((peer) =>
            (['traffic', 'data'] as const).some((type) =>
              [true, false].some(
                (outgoing) =>
                  serviceProbe(service.id, region, false, {
                    service: peer,
                    type,
                    outgoing,
                  })?.resourceKeys.has(key) ?? false,
              ),
            ),
          ),
      ),
    );
    if (!writes) continue;
    moveInto(parent, s.owned, owner);
    absorbed.add(s);
  }
  return candidates.filter((c) => !absorbed.has(c));
}

/**
 * Resources a service declares once per design under a fixed name (`aws_iam_role?apigateway_cloudwatch`):
 * the first candidate wired to them whose build writes them owns them, and a candidate read from
 * one of them is none.
 */
function sharedOnce(
  candidates: readonly TCandidate[],
  owner: Map<string, TCandidate>,
  resources: readonly TImportedResource[],
  region: string,
): TCandidate[] {
  const dropped = new Set<TCandidate>();
  for (const c of candidates) {
    if (dropped.has(c)) continue;
    const keys = new Set(
      c.services.flatMap((s) =>
        [...(serviceProbe(s.id, region)?.resourceKeys ?? [])].filter((k) => k.includes('?')),
      ),
    );
    if (keys.size === 0) continue;
    const shared = resources.filter(
      (r) =>
        r.mode === 'resource' &&
        keys.has(`${r.type}?${r.name}`) &&
        modulePath(r) === modulePath(c.primary) &&
        owner.get(r.address) !== c,
    );
    if (shared.length === 0) continue;
    // Wired to the candidate: it points at one of them, directly or through the others.
    const addresses = new Set(shared.map((r) => r.address));
    const reached = c.owned.some((r) => wiredTo(r).some((a) => addresses.has(a)));
    if (!reached) continue;
    const theirs = new Set<TCandidate>();
    for (const r of shared) {
      const before = owner.get(r.address);
      if (before && before !== c && before.primary.address === r.address) theirs.add(before);
    }
    const moved = [...shared, ...[...theirs].flatMap((d) => d.owned)];
    moveInto(c, [...new Set(moved)], owner);
    for (const d of theirs) dropped.add(d);
  }
  return candidates.filter((c) => !dropped.has(c));
}
