import type { TConvertWarning } from '../types';
import { end, matchProbe, rename, type TConnectable, type TConnectionChoice } from './connections';
import type { TBlockVal, TBodyVal } from './instantiate';
import { connectionProbes, sourceKeys, type TConnectionProbe } from './probe-connections';
import { refsOf, type TVal } from './value';

/**
 * Data connections written into the client's subnet, not into the client: an Azure storage
 * account's or Key Vault's firewall admits the subnet (`virtual_network_subnet_ids`, and the
 * subnet gets the service endpoint), naming no component in it. The subnet pairs the target with
 * what sits there: the component there such a connection fits is the client. Of several, those
 * holding what the connection writes into them that nothing else explains are; else, where it
 * writes the same for each, the first (the code is the same whichever is read); only where the
 * choice changes the code is none read, with a warning. The list's entries also tell the order
 * of those connections (the engine admits the subnets in the order of the design's connections).
 */
export interface TSubnetInput {
  readonly components: readonly TConnectable[];
  readonly connections: readonly TConnectionChoice[];
  readonly region: string;
  /** The subnet a component sits in. */
  readonly subnetOf: (id: string) => string | undefined;
  /** The component (or group) that holds the resource at an address. */
  readonly componentAt: (address: string) => string | undefined;
  /** Where the resource of a component's view key was read, and its body. */
  readonly where: (
    id: string,
    key: string,
  ) => { file: string; line: number; address: string; body?: TBodyVal };
}

/** A list of a target's view naming subnets (`…/network_rules.virtual_network_subnet_ids`). */
interface TSubnetList {
  readonly key: string;
  /** The subnet each entry names, in the list's order (undefined: another resource). */
  readonly subnets: readonly (string | undefined)[];
}

/** The value at a view key's path (`network_rules.virtual_network_subnet_ids`) of a body. */
function valueAt(body: TBodyVal, path: string): unknown {
  let at: unknown = { $: 'block', body };
  for (const part of path.split('.')) {
    const [, name, index] = /^(.*?)(?:\[(\d+)\])?$/.exec(part)!;
    if (Array.isArray(at) && at.length === 1) at = at[0];
    const tagged = at as { $?: string; body?: TBodyVal; entries?: Record<string, TVal> };
    const fields = tagged?.$ === 'block' ? tagged.body : tagged?.$ === 'obj' ? tagged.entries : {};
    at = fields?.[name!];
    if (index !== undefined)
      at = Array.isArray(at) ? (at as readonly (TVal | TBlockVal)[])[Number(index)] : undefined;
  }
  return at;
}

/** The lists of `target` whose entries refer to subnets. */
function subnetLists(target: TConnectable, input: TSubnetInput, subnets: ReadonlySet<string>) {
  const out: TSubnetList[] = [];
  for (const [key, e] of target.view) {
    if (!Array.isArray(e.v) || !e.c.includes('@other:')) continue;
    const body = input.where(target.id, key).body;
    const list = body && valueAt(body, key.slice(key.indexOf('/') + 1));
    if (!Array.isArray(list)) continue;
    const named = (list as readonly TVal[]).map((x) =>
      refsOf(x)
        .map((r) => input.componentAt(r.address))
        .find((id) => id !== undefined && subnets.has(id)),
    );
    if (named.some(Boolean)) out.push({ key, subnets: named });
  }
  return out;
}

/**
 * A role the connection gives the client on the target: how the engine's client signs in, which
 * hand-written code may do its own way (an Azure Files SMB mount takes the account's key). The
 * subnet names the client without it; a client holding it is told apart by it.
 */
const isRoleGrant = (k: string) => k.startsWith('S|azurerm_role_assignment');

interface TFit {
  readonly c: TConnectable;
  readonly probe: TConnectionProbe;
  /** What the connection writes into the client that the client holds. */
  readonly own: readonly string[];
}

/** The data connection from `c` to `to` that writes the list at `key`, if `c` holds it. */
function fitting(
  c: TConnectable,
  to: TConnectable,
  key: string,
  probes: readonly TConnectionProbe[],
): TFit | undefined {
  for (const probe of probes) {
    const entry = [...probe.sig.keys()].find(
      (k) => k.startsWith('D|') && rename(k.slice(2), c, to) === key,
    );
    if (!entry) continue;
    const m = matchProbe(probe, c, to);
    const own = sourceKeys(probe);
    // A role the client does not hold counts neither for nor against it.
    const missing = [...probe.sig.keys()].filter((k) => isRoleGrant(k) && !m.held.has(k));
    if (
      m.held.has(entry) &&
      own.every((k) => m.held.has(k) || isRoleGrant(k)) &&
      m.matched / (probe.sig.size - missing.length) >= 0.5
    )
      return { c, probe, own: own.filter((k) => m.held.has(k)) };
  }
  return undefined;
}

/** What a probe writes into the target (`D|…`), as text to compare. */
const intoTarget = (p: TConnectionProbe) =>
  JSON.stringify([...p.sig].filter(([k]) => k.startsWith('D|')));

/** The keys of `c`'s view that its connections found so far write (and it holds). */
function writtenBy(
  c: TConnectable,
  found: readonly TConnectionChoice[],
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
): Set<string> {
  const out = new Set<string>();
  for (const x of found) {
    const [from, to] = [byId.get(x.from), byId.get(x.to)];
    if (!from || !to || (from !== c && to !== c)) continue;
    const side = from === c ? 'S|' : 'D|';
    for (const p of connectionProbes(end(from), end(to), region, [x.type], x.port))
      for (const k of matchProbe(p, from, to).held)
        if (k.startsWith(side)) out.add(rename(k.slice(2), from, to));
  }
  return out;
}

/**
 * The clients read of those in the subnet the connection fits: each holding what it writes into
 * the client that nothing else found there explains (an AKS cluster's workload identity); else,
 * where it writes the same into the target for each, the first (the code is the same whichever).
 * None where the choice would change the code.
 */
function chooseClients(
  fits: readonly TFit[],
  target: TConnectable,
  found: readonly TConnectionChoice[],
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
): TFit[] {
  if (fits.length === 1) return [...fits];
  const needs = fits.filter((f) => {
    if (f.own.length === 0) return false;
    const written = writtenBy(f.c, found, byId, region);
    return f.own.some((k) => !written.has(rename(k.slice(2), f.c, target)));
  });
  if (needs.length > 0) return needs;
  return fits.every((f) => intoTarget(f.probe) === intoTarget(fits[0]!.probe)) ? [fits[0]!] : [];
}

/** The data connections read from subnets a target admits, and the pairings left open. */
export function subnetClients(input: TSubnetInput): {
  connections: TConnectionChoice[];
  warnings: TConvertWarning[];
} {
  const { components, region } = input;
  const found = [...input.connections];
  const connections: TConnectionChoice[] = [];
  const warnings: TConvertWarning[] = [];
  const subnets = new Set(components.flatMap((c) => input.subnetOf(c.id) ?? []));
  if (subnets.size === 0) return { connections, warnings };
  const byId = new Map(components.map((c) => [c.id, c]));
  const probesOf = (from: TConnectable, to: TConnectable, type: TConnectionChoice['type']) =>
    connectionProbes(end(from), end(to), region, [type]);
  const linked = (a: string, b: string) =>
    found.some((c) => (c.from === a && c.to === b) || (c.from === b && c.to === a));
  for (const target of components) {
    if (![...(target.refers ?? [])].some((id) => subnets.has(id))) continue;
    for (const { key, subnets: named } of subnetLists(target, input, subnets)) {
      for (const subnet of new Set(named)) {
        if (!subnet || subnet === input.subnetOf(target.id)) continue;
        // Admitted already by a connection found from a component in that subnet.
        const isExplained = found.some((c) => {
          const [from, to] = [byId.get(c.from), byId.get(c.to)];
          const other = from === target ? to : to === target ? from : undefined;
          if (!from || !to || !other || input.subnetOf(other.id) !== subnet) return false;
          return probesOf(from, to, c.type).some((p) =>
            [...p.sig.keys()].some(
              (k) => k.startsWith('D|') && rename(k.slice(2), from, to) === key,
            ),
          );
        });
        if (isExplained) continue;
        const fits = components
          .filter(
            (c) => c !== target && input.subnetOf(c.id) === subnet && !linked(c.id, target.id),
          )
          .flatMap((c) => fitting(c, target, key, probesOf(c, target, 'data')) ?? []);
        if (fits.length === 0) continue;
        const chosen = chooseClients(fits, target, found, byId, region);
        if (chosen.length > 0) {
          for (const f of chosen) {
            const choice = { from: f.c.id, to: target.id, type: 'data' as const };
            connections.push(choice);
            found.push(choice);
          }
          continue;
        }
        const at = input.where(target.id, key);
        warnings.push({
          file: at.file,
          line: at.line,
          message: `${at.address}: admits subnet ${subnet}, where ${fits
            .map((f) => f.c.id)
            .join(
              ', ',
            )} could each be what reads it, so no connection was read from it (connect it on the board)`,
        });
      }
    }
  }
  return { connections, warnings };
}

/**
 * The connections, those admitted through one target's subnet list ordered as its entries are
 * (the engine lists the subnets of the target's data connections in the design's order).
 */
export function inSubnetOrder(
  connections: readonly TConnectionChoice[],
  input: TSubnetInput,
): TConnectionChoice[] {
  const { components, region } = input;
  const out = [...connections];
  const subnets = new Set(components.flatMap((c) => input.subnetOf(c.id) ?? []));
  const byId = new Map(components.map((c) => [c.id, c]));
  for (const target of components) {
    if ([...(target.refers ?? [])].filter((id) => subnets.has(id)).length < 2) continue;
    for (const { key, subnets: named } of subnetLists(target, input, subnets)) {
      const entries = out.flatMap((c) => {
        const [from, to] = [byId.get(c.from), byId.get(c.to)];
        if (!from || !to || to !== target) return [];
        const at = named.indexOf(input.subnetOf(from.id));
        const writes = connectionProbes(end(from), end(to), region, [c.type], c.port).some((p) =>
          [...p.sig.keys()].some((k) => k.startsWith('D|') && rename(k.slice(2), from, to) === key),
        );
        return at >= 0 && writes ? [{ c, at }] : [];
      });
      if (entries.length < 2) continue;
      const places = entries.map((e) => out.indexOf(e.c)).sort((a, b) => a - b);
      const inOrder = [...entries].sort(
        (a, b) => a.at - b.at || out.indexOf(a.c) - out.indexOf(b.c),
      );
      places.forEach((place, i) => (out[place] = inOrder[i]!.c));
    }
  }
  return out;
}
