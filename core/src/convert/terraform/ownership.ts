import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TImportedResource } from './instantiate';
import { ownNamedTypes, serviceProbe } from './probe';
import { refsOf, type TVal } from './value';

/**
 * Which imported resources make up which component. A resource whose type is the first type a
 * catalog service emits is a candidate component; the others join the candidate whose name
 * theirs extends (`api_fn_role` → `api_fn`, the engine's convention), else the one they are
 * wired to, else nobody (they become generic components).
 */
export interface TCandidate {
  readonly local: string;
  readonly primary: TImportedResource;
  readonly services: readonly TServiceDefinition[];
  readonly owned: TImportedResource[];
}

/** Every reference in a resource's body, blocks included. */
export function bodyRefs(body: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null && (v as { $?: string }).$ === 'block')
      Object.values((v as { body: Record<string, unknown> }).body).forEach(walk);
    else for (const r of refsOf(v as TVal)) out.push(r.address);
  };
  Object.values(body).forEach(walk);
  return out;
}

export function findCandidates(
  resources: readonly TImportedResource[],
  primaryOf: ReadonlyMap<string, readonly TServiceDefinition[]>,
  region: string,
  /** Addresses found to be another component's companions (the forward build writes them). */
  absorbed: ReadonlySet<string> = new Set(),
  /** Resources found not to be written by the component they were read into. */
  released: ReadonlySet<string> = new Set(),
): { candidates: TCandidate[]; owner: Map<string, TCandidate> } {
  const byName = new Map<string, TImportedResource[]>();
  for (const r of resources) {
    if (r.mode !== 'resource' || !primaryOf.has(r.type) || absorbed.has(r.address)) continue;
    byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  }
  const candidates: TCandidate[] = [];
  const taken = new Set<string>();
  // A companion of the engine's naming (`nightly_dlq` of the scheduler `nightly`) is no component.
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const isCompanion = (r: TImportedResource): boolean =>
    // One its namesake's build was found not to write (a dynamic group `worker_identity` beside
    // a container instance `worker`, whose own group is `worker_pull`) is a component again.
    !released.has(r.address) &&
    names.some((n) => {
      if (n === r.name || !r.name.startsWith(`${n}_`)) return false;
      const suffix = r.name.slice(n.length);
      return byName.get(n)!.some((o) =>
        primaryOf.get(o.type)!.some(
          (s) =>
            serviceProbe(s.id, region)?.resourceKeys.has(`${r.type}${suffix}`) ||
            // Written only with a connection (a topic's key for alarms, a load balancer's
            // health-check firewall): a type the service writes, under its name.
            s.emits.terraform.includes(r.type),
        ),
      );
    });
  const cloudServices = [...new Set([...primaryOf.values()].flat())];
  for (const [name, all] of byName) {
    const rs = all.filter((r) => !isCompanion(r));
    if (rs.length === 0) continue;
    // Everything named alike (`lb`: its address, URL map, forwarding rule): the service that
    // names most of them after its component is the component's.
    const alike = resources.filter(
      (r) =>
        r.mode === 'resource' &&
        r.name === name &&
        sameModule(r, rs[0]!) &&
        !absorbed.has(r.address),
    );
    const coverage = (s: TServiceDefinition) => {
      const own = ownNamedTypes(s, region);
      return alike.filter((r) => own.has(r.type)).length;
    };
    const scored = cloudServices.map((s) => ({ s, n: coverage(s) }));
    const best = Math.max(0, ...scored.map((x) => x.n));
    const services =
      best > 0
        ? scored.filter((x) => x.n === best).map((x) => x.s)
        : (primaryOf.get(rs[0]!.type) ?? []);
    const main =
      alike.find((r) => services.some((s) => s.emits.terraform[0] === r.type)) ??
      alike.find((r) => services.some((s) => ownNamedTypes(s, region).has(r.type))) ??
      rs[0]!;
    let local = name;
    for (let i = 2; taken.has(local); i++) local = `${name}_${i}`;
    taken.add(local);
    candidates.push({ local, primary: main, services, owned: [] });
  }
  const owner = new Map<string, TCandidate>();
  const byLocal = [...candidates].sort((a, b) => b.primary.name.length - a.primary.name.length);
  for (const c of candidates) owner.set(c.primary.address, c);
  // The engine's names: `<component>_<suffix>`, the longest component name first, for a
  // resource wired to that component's others (so `lambda_hello_world`, a bucket object of
  // foreign code, does not join the API called `lambda`).
  const prefixed = new Map<string, TCandidate>();
  for (const r of resources) {
    if (owner.has(r.address)) continue;
    const named = byLocal.find(
      (c) =>
        sameModule(c.primary, r) &&
        (r.name === c.primary.name || r.name.startsWith(`${c.primary.name}_`)),
    );
    if (!named) continue;
    if (r.name === named.primary.name) owner.set(r.address, named);
    else prefixed.set(r.address, named);
  }
  const refsOf = new Map(resources.map((r) => [r.address, new Set(bodyRefs(r.body))]));
  const byAddress = new Map(resources.map((r) => [r.address, r]));
  const claimWired = () => {
    for (let changed = true; changed;) {
      changed = false;
      for (const [address, c] of prefixed) {
        const mine = refsOf.get(address)!;
        // Or both hold an input named after the component: a HeatWave MySQL DB system's
        // `warehouse_admin_password`, which its Vault secret keeps; nothing else ties the secret
        // to it, and its clients point at it (so the rule below would give it to nobody).
        const inputs = [...mine].filter((a) => a.startsWith(`var.${c.primary.name}_`));
        const wired = resources.some(
          (o) =>
            owner.get(o.address) === c &&
            (mine.has(o.address) ||
              refsOf.get(o.address)!.has(address) ||
              inputs.some((a) => refsOf.get(o.address)!.has(a))),
        );
        if (wired) {
          // Named after its target by what a connection writes (a load balancer's endpoint group
          // `api_neg` for its function `api`): the one pointing at it that writes its type.
          const r = byAddress.get(address)!;
          const writer = canWrite(c, r, region)
            ? undefined
            : resources
                .filter((o) => refsOf.get(o.address)!.has(address))
                .map((o) => owner.get(o.address))
                .find(
                  (o) => o && o !== c && o.services.some((s) => s.emits.terraform.includes(r.type)),
                );
          owner.set(address, writer ?? c);
          prefixed.delete(address);
          changed = true;
        }
      }
    }
  };
  claimWired();
  // Named after a component and of a type its service writes, though wired only to others (a
  // load balancer's health-check firewall names its targets' service accounts): the component's.
  for (const [address, c] of prefixed) {
    const r = byAddress.get(address)!;
    // Not what another component points at (a function's role named after an API `lambda`).
    const used = resources.some((o) => owner.has(o.address) && refsOf.get(o.address)!.has(address));
    if (
      !used &&
      r.mode === 'resource' &&
      c.services.some((s) => s.emits.terraform.includes(r.type))
    ) {
      owner.set(address, c);
      prefixed.delete(address);
    }
  }
  // What those point at, named after the same component (a workload's grants to its account).
  claimWired();
  // Foreign code: a resource wired to exactly one component (a policy attachment to its role),
  // `depends_on` included (a shared service-linked role its domain waits for); again for what
  // those point at (the account-wide role of an API's log settings).
  const wiredTo = (r: TImportedResource) => [
    ...bodyRefs(r.body),
    ...r.dependsOn.filter((d) => d !== '').map((d) => `${modulePath(r)}${d}`),
  ];
  for (let changed = true; changed;) {
    changed = false;
    const referencedBy = new Map<string, Set<TCandidate>>();
    for (const r of resources) {
      const from = owner.get(r.address);
      if (!from) continue;
      for (const a of wiredTo(r)) referencedBy.set(a, (referencedBy.get(a) ?? new Set()).add(from));
    }
    for (const r of resources.filter((x) => !owner.has(x.address))) {
      const near = new Set<TCandidate>(referencedBy.get(r.address) ?? []);
      for (const a of wiredTo(r)) {
        const o = owner.get(a);
        if (o) near.add(o);
      }
      const [only] = near;
      if (near.size === 1 && only && r.mode === 'resource' && canWrite(only, r, region)) {
        owner.set(r.address, only);
        changed = true;
      }
    }
  }
  for (const a of released) if (owner.get(a)?.primary.address !== a) owner.delete(a);
  for (const r of resources) owner.get(r.address)?.owned.push(r);
  return { candidates, owner };
}

/** Whether one of the candidate's services writes resources of `r`'s type (its data sources too). */
function canWrite(c: TCandidate, r: TImportedResource, region: string): boolean {
  if (r.mode === 'data') return true;
  return c.services.some(
    (s) =>
      s.emits.terraform.includes(r.type) ||
      [...(serviceProbe(s.id, region)?.resourceKeys ?? [])].some(
        (k) => k === r.type || k.startsWith(`${r.type}_`) || k.startsWith(`${r.type}?`),
      ),
  );
}

const modulePath = (r: TImportedResource) =>
  r.address.slice(
    0,
    r.address.length - `${r.mode === 'data' ? 'data.' : ''}${r.type}.${r.name}`.length,
  );
const sameModule = (a: TImportedResource, b: TImportedResource) => modulePath(a) === modulePath(b);
