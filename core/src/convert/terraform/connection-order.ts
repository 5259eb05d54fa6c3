import { end, rename, viasFrom, type TConnectable, type TConnectionChoice } from './connections';
import { followsOrder, mapEntries, type TWrittenList } from './order-follows';
import { connectionProbes, type TProbeVia } from './probe-connections';
import { ABSENT } from './probe-values';
import { canonical, isTaggedVal, type TVal } from './value';

/**
 * The engine writes what several connections add to one list or map in the order of the
 * design's connections: an OCI dynamic group's policy has a statement per outgoing data
 * connection, an IAM role's policy document (inside `jsonencode`) likewise, a function's
 * environment a variable per store it reads. Read back, connections come in the order they were
 * found (references first, then grants), so the entries would be written in another order. This
 * puts the connections that share such a list or map in the order of their entries, each
 * keeping the others' places; where two lists disagree, only those that follow the connections'
 * order count (a database's secret statement comes after the stores' whatever its place).
 */

/**
 * The outermost arrays of several items in a value, by path: itself, or inside objects, calls
 * and arrays of one (`jsonencode({ Statement = [...] })`, a task's one container's environment).
 */
function listsIn(v: TVal, path = ''): [string, readonly TVal[]][] {
  if (Array.isArray(v)) {
    const items = v as readonly TVal[];
    if (items.length > 1) return [[path, items]];
    return items.flatMap((x, i) => listsIn(x, `${path}[${i}]`));
  }
  if (!isTaggedVal(v)) return [];
  if (v.$ === 'obj')
    return Object.entries(v.entries).flatMap(([k, x]) => listsIn(x, `${path}.${k}`));
  if (v.$ === 'call') return v.args.flatMap((x, i) => listsIn(x as TVal, `${path}(${i})`));
  return [];
}

/** Where a connection's entry sits in one list or map (`id`: `<component> <key><path>`). */
interface TPlace {
  readonly id: string;
  readonly at: number;
  /** The list as the probes write it, where its key names neither end. */
  readonly list?: TWrittenList;
}

/** The lists and maps of several entries a connection writes into, and where. */
function positions(
  c: TConnectionChoice,
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
  viasOf: (to: TConnectable) => readonly TProbeVia[],
  /** Entries earlier connections hold, by list: two equal entries are two connections'. */
  claimed: ReadonlyMap<string, ReadonlySet<number>>,
): TPlace[] {
  const out = new Map<string, TPlace>();
  const [from, to] = [byId.get(c.from), byId.get(c.to)];
  if (!from || !to || c.type === 'placement') return [];
  // A key that names neither end is the probes' too: the pair probe reads the list by it.
  const record = (self: TConnectable, raw: string, key: string, path: string, at: number) => {
    const id = `${self.id} ${key}${path}`;
    if (at < 0 || at >= (out.get(id)?.at ?? Infinity)) return;
    // A map is read by its parent key, which holds no value of its own.
    const list = { owner: self.id, key, path, map: !self.view.has(key) };
    out.set(id, { id, at, ...(raw === key ? { list } : {}) });
  };
  const direct = connectionProbes(end(from), end(to), region, [c.type], c.port);
  // What only the target's own connections make it write (chooseConnection's `viasOf`).
  const probes =
    direct.length > 0
      ? direct
      : viasOf(to).flatMap((via) =>
          connectionProbes(end(from), end(to), region, [c.type], c.port, via),
        );
  for (const probe of probes)
    for (const [k, written] of probe.sig) {
      if (written === ABSENT) continue;
      const self = k.startsWith('S|') ? from : to;
      const raw = k.slice(2);
      // An entry of a map named after the other end (`LEDGER_HOST`), which it adds.
      const dot = raw.lastIndexOf('.');
      const entry = rename(raw.slice(dot + 1), from, to);
      if (
        dot > raw.indexOf('/') &&
        entry !== raw.slice(dot + 1) &&
        probe.before.get(k) === ABSENT
      ) {
        const parent = rename(raw.slice(0, dot), from, to);
        record(self, raw.slice(0, dot), parent, '', mapEntries(self.view, parent).indexOf(entry));
      }
      const key = rename(raw, from, to);
      const value = self.view.get(key)?.v;
      if (value === undefined) continue;
      const want = rename(written, from, to);
      const had = rename(probe.before.get(k) ?? ABSENT, from, to);
      for (const [path, items] of listsIn(value)) {
        const taken = claimed.get(`${self.id} ${key}${path}`);
        const at = items.findIndex((x, i) => {
          const item = canonical(x);
          return want.includes(item) && !had.includes(item) && !taken?.has(i);
        });
        record(self, raw, key, path, at);
      }
    }
  return [...out.values()];
}

/**
 * The pairs of connections each list writes in an order (`a` before `b`), and the lists that
 * say so. A pair two lists write in opposite orders counts only the lists that follow the
 * connections' order (see order-follows.ts).
 */
function precedence(
  lists: ReadonlyMap<string, readonly { c: TConnectionChoice; place: TPlace }[]>,
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
): Map<TConnectionChoice, Set<TConnectionChoice>> {
  const says = new Map<TConnectionChoice, Map<TConnectionChoice, TPlace[]>>();
  const said = (a: TConnectionChoice, b: TConnectionChoice) => says.get(a)?.get(b) ?? [];
  for (const entries of lists.values())
    for (const a of entries)
      for (const b of entries)
        if (a.place.at < b.place.at) {
          const of = says.get(a.c) ?? new Map<TConnectionChoice, TPlace[]>();
          of.set(b.c, [...(of.get(b.c) ?? []), a.place]);
          says.set(a.c, of);
        }
  const before = new Map<TConnectionChoice, Set<TConnectionChoice>>();
  for (const [a, of] of says)
    for (const [b, places] of of) {
      let kept = places;
      const against = said(b, a);
      if (against.length > 0) {
        const follows = (p: TPlace) =>
          !p.list || followsOrder(p.list, [a, b], byId, region) !== false;
        kept = places.filter(follows);
        // Still both ways: neither list is to be trusted over the other.
        if (against.filter(follows).length > 0) continue;
      }
      if (kept.length > 0) before.set(b, (before.get(b) ?? new Set()).add(a));
    }
  return before;
}

/** The connections, those writing into one list or map ordered as its entries are. */
export function orderAsWritten(
  connections: readonly TConnectionChoice[],
  components: readonly TConnectable[],
  region: string,
): TConnectionChoice[] {
  const byId = new Map(components.map((c) => [c.id, c]));
  const viasOf = viasFrom(connections, byId);
  // Only where a component has a list or map and several connections: a probe costs builds.
  const count = new Map<string, number>();
  for (const c of connections)
    for (const id of [c.from, c.to]) count.set(id, (count.get(id) ?? 0) + 1);
  const hasList = (id: string) =>
    [...(byId.get(id)?.view ?? [])].some(
      ([k, e]) => listsIn(e.v).length > 0 || k.lastIndexOf('.') > k.indexOf('/'),
    );
  const shared = (c: TConnectionChoice) =>
    [c.from, c.to].some((id) => (count.get(id) ?? 0) > 1 && hasList(id));
  const lists = new Map<string, { c: TConnectionChoice; place: TPlace }[]>();
  const claimed = new Map<string, Set<number>>();
  for (const c of connections) {
    if (!shared(c)) continue;
    for (const place of positions(c, byId, region, viasOf, claimed)) {
      lists.set(place.id, [...(lists.get(place.id) ?? []), { c, place }]);
      claimed.set(place.id, (claimed.get(place.id) ?? new Set()).add(place.at));
    }
  }
  const before = precedence(lists, byId, region);
  // The connections ordered, each as early as what must come before it allows, into the places
  // they held: the others keep theirs.
  const moved = connections.filter(
    (c) => before.has(c) || [...before.values()].some((s) => s.has(c)),
  );
  const left = new Set(moved);
  const inOrder: TConnectionChoice[] = [];
  while (left.size > 0) {
    const free = moved.find(
      (c) => left.has(c) && ![...(before.get(c) ?? [])].some((b) => left.has(b)),
    );
    // A cycle (lists that disagree): the earliest goes first.
    const next = free ?? moved.find((c) => left.has(c))!;
    left.delete(next);
    inOrder.push(next);
  }
  const out = [...connections];
  const places = moved.map((c) => connections.indexOf(c));
  places.forEach((place, i) => (out[place] = inOrder[i]!));
  return out;
}
