import type { TConnection } from '../../iac/design/schema-v2';
import type { TConnectable, TConnectionChoice } from './connections';
import { builtView } from './probe';
import { buildDesign, probeDesign, type TProbeNode } from './probe-design';
import { canonical, type TVal } from './value';
import type { TView } from './view';

/**
 * Whether a list or map of a component follows the order of two of its connections. Not every
 * one does: an IAM role's policy lists a statement per store in the connections' order, then
 * one per database's admin secret, whatever the database's place. Two such lists read back in
 * opposite orders are told apart by building the component with both connections, in one order
 * and in the other.
 */

/** A list (`…/policy` with its path inside the value) or a map (its parent key) of a component. */
export interface TWrittenList {
  readonly owner: string;
  /** The key as the probes write it: the component's own names only. */
  readonly key: string;
  readonly path: string;
  readonly map: boolean;
}

const SELF = 'probe-src';
const OTHERS = ['probe-dst', 'probe-via'] as const;
const cache = new Map<string, boolean | undefined>();

/** The entries of the map `parent` in the order written. */
export function mapEntries(view: TView, parent: string): string[] {
  const names = new Set<string>();
  for (const k of view.keys())
    if (k.startsWith(`${parent}.`)) names.add(k.slice(parent.length + 1).split('.')[0]!);
  return [...names];
}

/** The value at `path` (`(0).Statement`, `[0].environment`) inside a view entry's value. */
function at(v: TVal | undefined, path: string): TVal | undefined {
  let out = v;
  for (const [, call, index, name] of path.matchAll(/\((\d+)\)|\[(\d+)\]|\.([^.([]+)/g)) {
    if (out === null || typeof out !== 'object') return undefined;
    if (call !== undefined) out = '$' in out && out.$ === 'call' ? out.args[+call] : undefined;
    else if (index !== undefined)
      out = Array.isArray(out) ? (out as readonly TVal[])[+index] : undefined;
    else out = '$' in out && out.$ === 'obj' ? out.entries[name!] : undefined;
  }
  return out;
}

/** What the list or map holds in a view, as text comparable between two builds. */
function written(view: TView, list: TWrittenList): string | undefined {
  if (list.map) return mapEntries(view, list.key).join('\n');
  const v = at(view.get(list.key)?.v, list.path);
  return v === undefined ? undefined : canonical(v);
}

/**
 * True when swapping the two connections swaps what they write in the list, false when the
 * list is written the same either way, undefined when the probe cannot tell (not built).
 */
export function followsOrder(
  list: TWrittenList,
  pair: readonly [TConnectionChoice, TConnectionChoice],
  byId: ReadonlyMap<string, TConnectable>,
  region: string,
): boolean | undefined {
  const self = byId.get(list.owner);
  const ends = pair.map((c) => byId.get(c.from === list.owner ? c.to : c.from));
  if (!self || !ends[0] || !ends[1] || ends[0] === ends[1]) return undefined;
  const node = (c: TConnectable, id: string): TProbeNode => ({
    id,
    service: c.service,
    properties: c.properties,
    placed: c.placed,
  });
  const nodes = [node(self, SELF), node(ends[0], OTHERS[0]), node(ends[1], OTHERS[1])];
  const links = pair.map((c, i): TConnection => {
    const other = OTHERS[i]!;
    const [from, to] = c.from === list.owner ? [SELF, other] : [other, SELF];
    return { from, to, type: c.type, ...(c.port && c.type === 'traffic' ? { port: c.port } : {}) };
  });
  const key = JSON.stringify([
    list,
    nodes.map((n) => [n.service.id, n.properties, n.placed]),
    links,
    region,
  ]);
  if (cache.has(key)) return cache.get(key);
  const cloud = self.service.cloud;
  const build = (order: readonly TConnection[]) => {
    for (const withoutPeers of [true, false]) {
      const built = buildDesign(probeDesign(cloud, region, nodes, order, { withoutPeers }));
      if (built) return written(builtView(built, SELF), list);
    }
    return undefined;
  };
  const [one, other] = [build(links), build([...links].reverse())];
  const out = one === undefined || other === undefined ? undefined : one !== other;
  cache.set(key, out);
  return out;
}
