import type { TGraph, TGraphEdge } from '../contract/cmdb/graph';
import { splitAddress } from '../costing/tfplan/address';

/**
 * Questions the CMDB explorer and drift ask of a graph. Edges run from the dependent to what it
 * depends on, so what a node depends on is "upstream" and what depends on it is "downstream".
 */
export interface TGraphQueries {
  /** Everything the node depends on, directly or not (the node itself excluded). */
  upstream(nodeId: string): Set<string>;
  /** Everything that depends on the node, directly or not (the node itself excluded). */
  downstream(nodeId: string): Set<string>;
  /** What breaks if the node goes: its downstream set, nearest first. */
  blastRadius(nodeId: string): string[];
}

export function graphQueries(graph: Pick<TGraph, 'edges'>): TGraphQueries {
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const e of graph.edges) {
    add(out, e.from, e.to);
    add(into, e.to, e.from);
  }
  const walk = (start: string, next: Map<string, string[]>): string[] => {
    const seen = new Set([start]);
    const order: string[] = [];
    const queue = [start];
    for (let i = 0; i < queue.length; i += 1) {
      for (const n of next.get(queue[i] ?? '') ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        order.push(n);
        queue.push(n);
      }
    }
    return order;
  };
  return {
    upstream: (id) => new Set(walk(id, out)),
    downstream: (id) => new Set(walk(id, into)),
    blastRadius: (id) => walk(id, into),
  };
}

/** Everything that transitively depends on `nodeId`, nearest first. */
export function blastRadius(graph: Pick<TGraph, 'edges'>, nodeId: string): string[] {
  return graphQueries(graph).blastRadius(nodeId);
}

export function upstream(graph: Pick<TGraph, 'edges'>, nodeId: string): Set<string> {
  return graphQueries(graph).upstream(nodeId);
}

export function downstream(graph: Pick<TGraph, 'edges'>, nodeId: string): Set<string> {
  return graphQueries(graph).downstream(nodeId);
}

export type TRollupKey = 'module' | 'type' | 'cloud';

export interface TRollup {
  groups: { key: string; nodeIds: string[]; external: number }[];
  /** Edges between groups, with how many node edges each stands for (none inside a group). */
  edges: { from: string; to: string; count: number }[];
}

export const ROOT_MODULE = '(root)';
export const NO_CLOUD = '(none)';

/** The graph folded by module, type or cloud (external nodes fold with the rest). */
export function rollupGraph(graph: TGraph, by: TRollupKey): TRollup {
  const keyOf = new Map<string, string>();
  const groups = new Map<string, { key: string; nodeIds: string[]; external: number }>();
  for (const n of graph.nodes) {
    const key =
      by === 'module' ? (n.module ?? ROOT_MODULE) : by === 'type' ? n.type : (n.cloud ?? NO_CLOUD);
    keyOf.set(n.id, key);
    let group = groups.get(key);
    if (!group) {
      group = { key, nodeIds: [], external: 0 };
      groups.set(key, group);
    }
    group.nodeIds.push(n.id);
    if (n.external) group.external += 1;
  }
  const counts = new Map<string, { from: string; to: string; count: number }>();
  for (const e of graph.edges) {
    const from = keyOf.get(e.from);
    const to = keyOf.get(e.to);
    if (from === undefined || to === undefined || from === to) continue;
    const k = `${from}\u0000${to}`;
    const entry = counts.get(k);
    if (entry) entry.count += 1;
    else counts.set(k, { from, to, count: 1 });
  }
  return { groups: [...groups.values()], edges: [...counts.values()] };
}

/**
 * The edges without the ones another path already implies (Terraform 0.13+ states list every
 * transitive dependency: 8,600 edges for 270 instances). Reachability — and so upstream,
 * downstream and blast radius — is unchanged; edges inside a cycle are all kept.
 */
export function reduceTransitiveEdges(edges: readonly TGraphEdge[]): TGraphEdge[] {
  const ids = new Map<string, number>();
  const idOf = (id: string) => {
    let n = ids.get(id);
    if (n === undefined) {
      n = ids.size;
      ids.set(id, n);
    }
    return n;
  };
  const pairs = edges.map((e) => [idOf(e.from), idOf(e.to)] as const);
  const succ: number[][] = Array.from({ length: ids.size }, () => []);
  for (const [a, b] of pairs) succ[a]?.push(b);

  const component = stronglyConnected(succ);
  const count = component.reduce((max, c) => Math.max(max, c), -1) + 1;
  // Tarjan numbers components in reverse topological order: successors come first.
  const words = Math.ceil(count / 32);
  const reach = Array.from({ length: count }, () => new Uint32Array(words));
  const componentSucc: Set<number>[] = Array.from({ length: count }, () => new Set());
  succ.forEach((list, a) => {
    for (const b of list) {
      const ca = component[a] ?? 0;
      const cb = component[b] ?? 0;
      if (ca !== cb) componentSucc[ca]?.add(cb);
    }
  });
  for (let c = 0; c < count; c += 1) {
    const bits = reach[c];
    if (!bits) continue;
    for (const d of componentSucc[c] ?? []) {
      bits[d >>> 5] = (bits[d >>> 5] ?? 0) | (1 << (d & 31));
      const below = reach[d];
      if (below) for (let w = 0; w < words; w += 1) bits[w] = (bits[w] ?? 0) | (below[w] ?? 0);
    }
  }
  // For each node, what its successors in other components reach strictly below themselves:
  // an edge u → v is implied when v's component is in that set.
  const implied = succ.map((list, u) => {
    const cu = component[u] ?? 0;
    const bits = new Uint32Array(words);
    for (const w of list) {
      const cw = component[w] ?? 0;
      const below = reach[cw];
      if (cw === cu || !below) continue;
      for (let k = 0; k < words; k += 1) bits[k] = (bits[k] ?? 0) | (below[k] ?? 0);
    }
    return bits;
  });

  return edges.filter((_, i) => {
    const pair = pairs[i];
    if (!pair) return true;
    const [u, v] = pair;
    const cu = component[u] ?? 0;
    const cv = component[v] ?? 0;
    if (cu === cv) return true;
    return ((implied[u]?.[cv >>> 5] ?? 0) & (1 << (cv & 31))) === 0;
  });
}

/** Tarjan's algorithm without recursion: the component of each node. */
function stronglyConnected(succ: readonly number[][]): number[] {
  const n = succ.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const component = new Array<number>(n).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let start = 0; start < n; start += 1) {
    if (index[start] !== -1) continue;
    const frames: [node: number, next: number][] = [[start, 0]];
    index[start] = low[start] = counter++;
    stack.push(start);
    onStack[start] = true;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (!frame) break;
      const [node, next] = frame;
      const list = succ[node] ?? [];
      if (next < list.length) {
        frame[1] = next + 1;
        const m = list[next] ?? 0;
        if (index[m] === -1) {
          index[m] = low[m] = counter++;
          stack.push(m);
          onStack[m] = true;
          frames.push([m, 0]);
        } else if (onStack[m]) {
          low[node] = Math.min(low[node] ?? 0, index[m] ?? 0);
        }
        continue;
      }
      if (low[node] === index[node]) {
        let m: number | undefined;
        do {
          m = stack.pop();
          if (m === undefined) break;
          onStack[m] = false;
          component[m] = components;
        } while (m !== node);
        components += 1;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] ?? 0, low[node] ?? 0);
    }
  }
  return component;
}

export interface TModuleGroup {
  /** The module instance (`module.a["k"].module.b`). */
  id: string;
  /** The module instance it sits in, null at the top. */
  parent: string | null;
  /** Nodes directly in this module instance (not in its children). */
  nodeIds: string[];
  /** Nodes in this module instance and every module inside it. */
  total: number;
}

/**
 * Module instances as nested groups for the explorer (collapsible boxes), parents before
 * children; a module holding only other modules is a group too.
 */
export function moduleGroups(graph: Pick<TGraph, 'nodes'>): TModuleGroup[] {
  const groups = new Map<string, TModuleGroup>();
  const ensure = (id: string): TModuleGroup => {
    let group = groups.get(id);
    if (!group) {
      const chain = moduleChainOf(id);
      const parent = chain.length > 1 ? (chain[chain.length - 2] ?? null) : null;
      if (parent) ensure(parent);
      group = { id, parent, nodeIds: [], total: 0 };
      groups.set(id, group);
    }
    return group;
  };
  for (const node of graph.nodes) {
    if (!node.module) continue;
    ensure(node.module).nodeIds.push(node.id);
    for (const id of moduleChainOf(node.module)) ensure(id).total += 1;
  }
  return [...groups.values()];
}

/** `module.a["k.1"].module.b` → [`module.a["k.1"]`, `module.a["k.1"].module.b`]. */
function moduleChainOf(module: string): string[] {
  const steps = splitAddress(module);
  if (!steps) return [module];
  const chain: string[] = [];
  let prefix = '';
  for (let i = 0; i + 1 < steps.length; i += 2) {
    const step = steps[i + 1];
    if (steps[i]?.name !== 'module' || !step) break;
    prefix = `${prefix}${prefix ? '.' : ''}module.${step.name}${step.key === null ? '' : `[${step.key}]`}`;
    chain.push(prefix);
  }
  return chain.length > 0 ? chain : [module];
}
