import type { ElkNode } from 'elkjs/lib/elk-api';
import type { TBoardPosition } from '@stratum/core/planner/state';
import { GROUP_HEADER } from './board-model';

/** What the layout needs: every node with its size and parent, and the connections. */
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

export type TLayoutResult = Record<string, TBoardPosition>;

/**
 * Past this many nodes, each container is laid out on its own (edges across containers no longer
 * steer the positions): 500 nodes take about 0.5 s instead of 9 s (measured with elkjs 0.12).
 */
export const HIERARCHY_LIMIT = 150;

/** The ELK graph: compound nodes for groups, layered left to right, edges through hierarchy. */
export function toElkGraph(request: TLayoutRequest): ElkNode {
  const children = new Map<string, ElkNode[]>();
  const elkNodes = new Map<string, ElkNode>();
  for (const n of request.nodes) {
    const node: ElkNode = n.isGroup
      ? {
          id: n.id,
          layoutOptions: {
            'elk.padding': `[top=${GROUP_HEADER + 12},left=16,bottom=16,right=16]`,
            'elk.layered.spacing.nodeNodeBetweenLayers': '48',
          },
        }
      : { id: n.id, width: n.width, height: n.height };
    elkNodes.set(n.id, node);
  }
  for (const n of request.nodes) {
    const key = n.parent !== undefined && elkNodes.has(n.parent) ? n.parent : '';
    const list = children.get(key) ?? [];
    list.push(elkNodes.get(n.id) as ElkNode);
    children.set(key, list);
  }
  for (const [id, node] of elkNodes) {
    const list = children.get(id);
    if (list) node.children = list;
    else if (!node.width) Object.assign(node, { width: 240, height: 120 });
  }
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling':
        request.nodes.length > HIERARCHY_LIMIT ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN',
      'elk.layered.thoroughness': request.nodes.length > HIERARCHY_LIMIT ? '1' : '7',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '64',
      'elk.spacing.componentComponent': '48',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: children.get('') ?? [],
    edges: request.edges
      .filter((e) => elkNodes.has(e.from) && elkNodes.has(e.to))
      .map((e) => ({ id: e.id, sources: [e.from], targets: [e.to] })),
  };
}

/** Positions relative to the parent (what React Flow expects), sizes for groups. */
export function fromElkGraph(root: ElkNode, groups: ReadonlySet<string>): TLayoutResult {
  const out: TLayoutResult = {};
  const walk = (nodes: readonly ElkNode[] | undefined) => {
    for (const n of nodes ?? []) {
      const x = Math.round(n.x ?? 0);
      const y = Math.round(n.y ?? 0);
      out[n.id] = groups.has(n.id)
        ? { x, y, width: Math.round(n.width ?? 240), height: Math.round(n.height ?? 120) }
        : { x, y };
      walk(n.children);
    }
  };
  walk(root.children);
  return out;
}
