import type { ElkNode } from 'elkjs/lib/elk-api';

/** What the layout needs: nodes with sizes and parents (groups are compound), and the edges. */
export interface TLayoutRequest {
  readonly nodes: readonly {
    id: string;
    parent?: string;
    width: number;
    height: number;
    isGroup: boolean;
  }[];
  readonly edges: readonly { id: string; from: string; to: string }[];
}
export type TLayoutResult = Record<
  string,
  { x: number; y: number; width?: number; height?: number }
>;

export const GROUP_HEADER = 32;
/** Past this many nodes the worker uses `fastLayout` (fast-layout.ts) instead of ELK. */
export const HIERARCHY_LIMIT = 150;

/** Layered, left to right, edges through the hierarchy: what others depend on sits left. */
export function toElkGraph(request: TLayoutRequest): ElkNode {
  const elkNodes = new Map<string, ElkNode>();
  for (const n of request.nodes) {
    elkNodes.set(
      n.id,
      n.isGroup
        ? {
            id: n.id,
            layoutOptions: {
              'elk.padding': `[top=${GROUP_HEADER + 10},left=12,bottom=12,right=12]`,
            },
          }
        : { id: n.id, width: n.width, height: n.height },
    );
  }
  const children = new Map<string, ElkNode[]>();
  for (const n of request.nodes) {
    const key = n.parent !== undefined && elkNodes.has(n.parent) ? n.parent : '';
    const list = children.get(key) ?? [];
    list.push(elkNodes.get(n.id) as ElkNode);
    children.set(key, list);
  }
  for (const [id, node] of elkNodes) {
    const list = children.get(id);
    if (list) node.children = list;
    else if (node.width === undefined) Object.assign(node, { width: 220, height: 60 });
  }
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.spacing.nodeNode': '16',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.componentComponent': '32',
    },
    children: children.get('') ?? [],
    // Drawn from the dependency to its dependent, so foundations come first.
    edges: request.edges
      .filter((e) => elkNodes.has(e.from) && elkNodes.has(e.to))
      .map((e) => ({ id: e.id, sources: [e.to], targets: [e.from] })),
  };
}

/**
 * Each edge lifted to the two siblings that contain its ends, merged: what a layout that places
 * each group on its own can use (the order of groups still follows the dependencies).
 */
export function liftedEdges(request: TLayoutRequest): TLayoutRequest['edges'] {
  const parent = new Map(request.nodes.map((n) => [n.id, n.parent ?? '']));
  const chain = (id: string) => {
    const out = [id];
    for (let p = parent.get(id); p; p = parent.get(p)) out.unshift(p);
    return out;
  };
  const seen = new Map<string, TLayoutRequest['edges'][number]>();
  for (const e of request.edges) {
    const a = chain(e.from);
    const b = chain(e.to);
    let i = 0;
    while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i += 1;
    const from = a[i] as string;
    const to = b[i] as string;
    if (from === to) continue;
    const id = `${from}->${to}`;
    if (!seen.has(id)) seen.set(id, { id, from, to });
  }
  return [...seen.values()];
}

/** Positions relative to the parent (as React Flow wants them), sizes for groups. */
export function fromElkGraph(root: ElkNode, groups: ReadonlySet<string>): TLayoutResult {
  const out: TLayoutResult = {};
  const walk = (nodes: readonly ElkNode[] | undefined) => {
    for (const n of nodes ?? []) {
      const x = Math.round(n.x ?? 0);
      const y = Math.round(n.y ?? 0);
      out[n.id] = groups.has(n.id)
        ? { x, y, width: Math.round(n.width ?? 220), height: Math.round(n.height ?? 60) }
        : { x, y };
      walk(n.children);
    }
  };
  walk(root.children);
  return out;
}
