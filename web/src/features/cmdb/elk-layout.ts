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
/** Past this many nodes each group is laid out on its own, as the board does (seconds → tenths). */
export const HIERARCHY_LIMIT = 150;

/** Layered, left to right: what others depend on sits left of its dependents. */
export function toElkGraph(request: TLayoutRequest): ElkNode {
  const isLarge = request.nodes.length > HIERARCHY_LIMIT;
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
      'elk.hierarchyHandling': isLarge ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN',
      'elk.layered.thoroughness': isLarge ? '1' : '7',
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
