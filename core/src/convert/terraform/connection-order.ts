import { end, rename, type TConnectable, type TConnectionChoice } from './connections';
import { connectionProbes } from './probe-connections';
import { ABSENT } from './probe-values';
import { canonical, type TVal } from './value';

/**
 * The engine writes what several connections add to one list in the order of the design's
 * connections: an OCI dynamic group's policy has a statement per outgoing data connection, in
 * that order. Read back, connections come in the order they were found (references first,
 * then grants), so the statements would be written in another order. This puts the connections
 * that share such a list in the order of their entries, each keeping the others' places.
 */

/** The lists of several entries a connection writes into (`<component> <key>`), and where. */
function positions(
  c: TConnectionChoice,
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
): Map<string, number> {
  const out = new Map<string, number>();
  const [from, to] = [byId.get(c.from), byId.get(c.to)];
  if (!from || !to || c.type === 'placement') return out;
  for (const probe of connectionProbes(end(from), end(to), region, [c.type], c.port))
    for (const [k, written] of probe.sig) {
      if (written === ABSENT) continue;
      const self = k.startsWith('S|') ? from : to;
      const key = rename(k.slice(2), from, to);
      const list = self.view.get(key)?.v;
      if (!Array.isArray(list) || list.length < 2) continue;
      const want = rename(written, from, to);
      const had = rename(probe.before.get(k) ?? ABSENT, from, to);
      const at = (list as readonly TVal[]).findIndex((x) => {
        const entry = canonical(x);
        return want.includes(entry) && !had.includes(entry);
      });
      const id = `${self.id} ${key}`;
      if (at >= 0 && !out.has(id)) out.set(id, at);
    }
  return out;
}

/** The connections, those writing into one list ordered as its entries are. */
export function orderAsWritten(
  connections: readonly TConnectionChoice[],
  components: readonly TConnectable[],
  region: string,
): TConnectionChoice[] {
  const byId = new Map(components.map((c) => [c.id, c]));
  // Only where a component has a list and several connections: a probe costs builds.
  const count = new Map<string, number>();
  for (const c of connections)
    for (const id of [c.from, c.to]) count.set(id, (count.get(id) ?? 0) + 1);
  const hasList = (id: string) =>
    [...(byId.get(id)?.view.values() ?? [])].some((e) => Array.isArray(e.v) && e.v.length > 1);
  const shared = (c: TConnectionChoice) =>
    [c.from, c.to].some((id) => (count.get(id) ?? 0) > 1 && hasList(id));
  const lists = new Map<string, { c: TConnectionChoice; at: number }[]>();
  for (const c of connections) {
    if (!shared(c)) continue;
    for (const [list, at] of positions(c, byId, region))
      lists.set(list, [...(lists.get(list) ?? []), { c, at }]);
  }
  const out = [...connections];
  for (const entries of lists.values()) {
    if (entries.length < 2) continue;
    const places = entries.map((e) => out.indexOf(e.c)).sort((a, b) => a - b);
    const inOrder = [...entries].sort((a, b) => a.at - b.at || out.indexOf(a.c) - out.indexOf(b.c));
    places.forEach((place, i) => (out[place] = inOrder[i]!.c));
  }
  return out;
}
