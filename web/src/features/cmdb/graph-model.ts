import type { TGraph, TGraphNode } from '@stratum/core/contract/cmdb/graph';
import { reduceTransitiveEdges } from '@stratum/core/inventory/graph-queries';

export const GROUPINGS = ['module', 'type', 'cloud'] as const;
export type TGrouping = (typeof GROUPINGS)[number];

/**
 * Upstream, downstream and blast radius come from core's graph queries (the server's drift
 * blast radius uses the same walk), so the page and the scan never count differently.
 */
export { graphQueries, type TGraphQueries } from '@stratum/core/inventory/graph-queries';

/** The group a node belongs to under a grouping; null at the top level. */
export function groupKey(node: TGraphNode, by: TGrouping): string | null {
  if (node.external) return 'external';
  if (by === 'module') return node.module;
  if (by === 'type') return node.type;
  return node.cloud ?? 'none';
}

/** `module.a["k.1"].module.b` → [`module.a["k.1"]`, `module.a["k.1"].module.b`]. */
export function moduleChain(module: string): string[] {
  const chain: string[] = [];
  const step = /module\.[A-Za-z0-9_-]+(?:\[(?:"(?:[^"\\]|\\.)*"|\d+)\])?/y;
  let at = 0;
  let path = '';
  while (at < module.length) {
    step.lastIndex = at;
    const m = step.exec(module);
    if (!m) return [module];
    path = path ? `${path}.${m[0]}` : m[0];
    chain.push(path);
    at = step.lastIndex;
    if (module[at] === '.') at += 1;
  }
  return chain;
}

/** Counts of nodes (not external) by module, type and cloud, largest first. */
export function rollups(graph: Pick<TGraph, 'nodes'>): Record<TGrouping, [string, number][]> {
  const counts: Record<TGrouping, Map<string, number>> = {
    module: new Map(),
    type: new Map(),
    cloud: new Map(),
  };
  for (const n of graph.nodes) {
    if (n.external) continue;
    for (const by of GROUPINGS) {
      const key = by === 'module' ? (n.module ?? '(root)') : (groupKey(n, by) ?? '(root)');
      counts[by].set(key, (counts[by].get(key) ?? 0) + 1);
    }
  }
  const sorted = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { module: sorted(counts.module), type: sorted(counts.type), cloud: sorted(counts.cloud) };
}

export interface TViewNode {
  id: string;
  kind: 'resource' | 'group' | 'collapsed';
  /** The enclosing (expanded) group's id. */
  parent?: string;
  label: string;
  /** For groups: how many resource nodes are inside (nested groups included). */
  size: number;
  node?: TGraphNode;
}

export interface TView {
  nodes: TViewNode[];
  edges: { id: string; from: string; to: string; kind: string }[];
  /** Resource node id → the node it is drawn as (itself, or its collapsed group). */
  drawnAs: Map<string, string>;
}

const groupId = (key: string) => `group:${key}`;

/**
 * What is drawn: resources inside their groups (modules nest), collapsed groups as one node
 * standing for their members, edges between what is drawn (merged, self-loops dropped).
 */
export function buildView(graph: TGraph, by: TGrouping, collapsed: ReadonlySet<string>): TView {
  const groups = new Map<string, TViewNode>();
  const members = new Map<string, number>();
  const ensureGroup = (key: string, parentKey: string | null) => {
    const id = groupId(key);
    if (!groups.has(id)) {
      groups.set(id, {
        id,
        kind: 'group',
        label: key === 'external' ? 'Not in this source (external)' : key,
        size: 0,
        ...(parentKey ? { parent: groupId(parentKey) } : {}),
      });
    }
    return id;
  };
  const nodeGroups = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const key = groupKey(n, by);
    if (key === null) {
      nodeGroups.set(n.id, []);
      continue;
    }
    const chain = by === 'module' && !n.external ? moduleChain(key) : [key];
    chain.forEach((k, i) => ensureGroup(k, i > 0 ? (chain[i - 1] as string) : null));
    const ids = chain.map(groupId);
    for (const id of ids) members.set(id, (members.get(id) ?? 0) + 1);
    nodeGroups.set(n.id, ids);
  }

  const drawnAs = new Map<string, string>();
  const nodes: TViewNode[] = [];
  // A group inside a collapsed group is not drawn; the outermost collapsed one stands for all.
  const outermostCollapsed = (ids: string[]) => ids.find((id) => collapsed.has(id));
  for (const g of groups.values()) {
    const chain = g.parent ? [...ancestors(g.id, groups), g.id] : [g.id];
    const hidden = outermostCollapsed(chain.slice(0, -1));
    if (hidden) continue;
    const isCollapsed = collapsed.has(g.id);
    nodes.push({ ...g, kind: isCollapsed ? 'collapsed' : 'group', size: members.get(g.id) ?? 0 });
  }
  for (const n of graph.nodes) {
    const ids = nodeGroups.get(n.id) ?? [];
    const hidden = outermostCollapsed(ids);
    if (hidden) {
      drawnAs.set(n.id, hidden);
      continue;
    }
    drawnAs.set(n.id, n.id);
    const parent = ids[ids.length - 1];
    nodes.push({
      id: n.id,
      kind: 'resource',
      label: n.address,
      size: 1,
      node: n,
      ...(parent ? { parent } : {}),
    });
  }
  const edges = new Map<string, TView['edges'][number]>();
  // States since Terraform 0.13 list every transitive dependency; drawing only the direct ones
  // keeps the picture readable and reachability (so the blast radius) the same.
  for (const e of reduceTransitiveEdges(graph.edges)) {
    const from = drawnAs.get(e.from);
    const to = drawnAs.get(e.to);
    if (!from || !to || from === to) continue;
    const id = `${from}->${to}`;
    if (!edges.has(id)) edges.set(id, { id, from, to, kind: e.kind });
  }
  return { nodes, edges: [...edges.values()], drawnAs };
}

function ancestors(id: string, groups: Map<string, TViewNode>): string[] {
  const out: string[] = [];
  let parent = groups.get(id)?.parent;
  while (parent) {
    out.unshift(parent);
    parent = groups.get(parent)?.parent;
  }
  return out;
}

/** Nodes whose address, type or module contains the text (case-insensitive). */
export function searchNodes(graph: Pick<TGraph, 'nodes'>, text: string): TGraphNode[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  return graph.nodes.filter(
    (n) =>
      n.address.toLowerCase().includes(q) ||
      n.type.toLowerCase().includes(q) ||
      (n.module ?? '').toLowerCase().includes(q),
  );
}
