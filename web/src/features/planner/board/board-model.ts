import type { Edge, Node } from '@xyflow/react';
import { MarkerType } from '@xyflow/react';
import { findService } from '@stratum/core/iac/catalog/registry';
import type { TConnection } from '@stratum/core/iac/design/schema-v2';
import type { TServiceKind } from '@stratum/core/iac/types';
import type { TArchitectureConfig, TBoardPosition } from '@stratum/core/planner/state';

export interface TBoardIssue {
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export type TBoardNodeData = {
  serviceId: string;
  serviceName: string;
  kind: TServiceKind;
  category: string;
  name: string;
  /** A short line under the name: a group's CIDR, a size... */
  detail: string;
  /** A generic component's provider resource type (shown under its name). */
  resourceType?: string;
  issues: readonly TBoardIssue[];
};

export type TBoardNode = Node<TBoardNodeData, 'service' | 'container'>;
export type TBoardEdge = Edge<{ connection: TConnection; issues: readonly TBoardIssue[] }>;

/** The drag-and-drop type of a palette item: its service id. */
export const SERVICE_DRAG_TYPE = 'application/x-stratum-service';

export const SERVICE_SIZE = { width: 208, height: 60 } as const;
export const NETWORK_SIZE = { width: 720, height: 420 } as const;
export const SUBNET_SIZE = { width: 300, height: 190 } as const;
/** Room for a group's header above its children. */
export const GROUP_HEADER = 40;

const NO_ISSUES: readonly TBoardIssue[] = [];

export function defaultSize(kind: TServiceKind | undefined): { width: number; height: number } {
  if (kind === 'network') return NETWORK_SIZE;
  if (kind === 'subnet') return SUBNET_SIZE;
  return SERVICE_SIZE;
}

/** Where an item without a stored position goes: a grid inside its parent (or the board). */
function fallbackPosition(index: number, isGroup: boolean): TBoardPosition {
  const columns = isGroup ? 2 : 4;
  const cell = isGroup
    ? { w: SUBNET_SIZE.width + 24, h: SUBNET_SIZE.height + 24 }
    : { w: 236, h: 84 };
  return {
    x: 16 + (index % columns) * cell.w,
    y: GROUP_HEADER + Math.floor(index / columns) * cell.h,
  };
}

export const edgeId = (c: TConnection): string => `${c.from}>${c.to}:${c.type}`;

const EDGE_LOOK: Record<TConnection['type'], { stroke: string; dash?: string; arrow: boolean }> = {
  traffic: { stroke: '#475569', arrow: true },
  data: { stroke: '#2563eb', dash: '6 4', arrow: true },
  placement: { stroke: '#7c3aed', dash: '2 4', arrow: false },
};

/** A short description of a node for its second line. */
function detailOf(properties: Readonly<Record<string, unknown>>, kind: TServiceKind | undefined) {
  if (kind === 'network' || kind === 'subnet') {
    const cidr = properties['cidr'];
    return typeof cidr === 'string' ? cidr : '';
  }
  return '';
}

/**
 * The board's nodes and edges for an architecture: groups first (networks, then subnets), so
 * that a parent always precedes its children, as React Flow requires.
 */
export function buildFlow(
  arch: TArchitectureConfig,
  nodeIssues: ReadonlyMap<string, readonly TBoardIssue[]> = new Map(),
  edgeIssues: ReadonlyMap<string, readonly TBoardIssue[]> = new Map(),
): { nodes: TBoardNode[]; edges: TBoardEdge[] } {
  const nodes: TBoardNode[] = [];
  const counters = new Map<string, number>();
  const nextIndex = (parent: string) => {
    const n = counters.get(parent) ?? 0;
    counters.set(parent, n + 1);
    return n;
  };
  const groupIds = new Set(arch.groups.map((g) => g.id));
  const groups = [...arch.groups].sort(
    (a, b) => Number(a.parent !== undefined) - Number(b.parent !== undefined),
  );
  for (const g of groups) {
    const service = findService(g.service);
    const parent = g.parent !== undefined && groupIds.has(g.parent) ? g.parent : undefined;
    const stored = arch.positions[g.id];
    const size = defaultSize(service?.kind);
    const position = stored ?? fallbackPosition(nextIndex(parent ?? ''), true);
    nodes.push({
      id: g.id,
      type: 'container',
      position: { x: position.x, y: position.y },
      ...(parent !== undefined ? { parentId: parent } : {}),
      width: stored?.width ?? size.width,
      height: stored?.height ?? size.height,
      zIndex: parent !== undefined ? -1 : -2,
      ariaLabel: `${g.name}, ${service?.name ?? g.service}`,
      data: {
        serviceId: g.service,
        serviceName: service?.name ?? g.service,
        kind: service?.kind ?? 'network',
        category: service?.category ?? 'networking',
        name: g.name,
        detail: detailOf(g.properties, service?.kind),
        issues: nodeIssues.get(g.id) ?? NO_ISSUES,
      },
    });
  }
  for (const c of arch.components) {
    const service = findService(c.service);
    const parent = c.group !== undefined && groupIds.has(c.group) ? c.group : undefined;
    const position = arch.positions[c.id] ?? fallbackPosition(nextIndex(parent ?? ''), false);
    const serviceName = c.resource?.type ?? service?.name ?? c.service;
    nodes.push({
      id: c.id,
      type: 'service',
      position: { x: position.x, y: position.y },
      ...(parent !== undefined ? { parentId: parent } : {}),
      ariaLabel: `${c.name}, ${serviceName}`,
      data: {
        serviceId: c.service,
        serviceName,
        ...(c.resource ? { resourceType: c.resource.type } : {}),
        kind: service?.kind ?? 'vm',
        // A generic component has no category: it gets the neutral look.
        category: c.resource ? 'resource' : (service?.category ?? 'compute'),
        name: c.name,
        detail: detailOf(c.properties, service?.kind),
        issues: nodeIssues.get(c.id) ?? NO_ISSUES,
      },
    });
  }
  const edges: TBoardEdge[] = arch.connections.map((connection) => {
    const look = EDGE_LOOK[connection.type];
    const id = edgeId(connection);
    const issues = edgeIssues.get(id) ?? NO_ISSUES;
    const label = connection.port !== undefined ? `:${connection.port}` : undefined;
    return {
      id,
      source: connection.from,
      target: connection.to,
      ...(label !== undefined ? { label } : {}),
      ariaLabel: `${connection.type} connection from ${connection.from} to ${connection.to}`,
      style: {
        stroke: issues.length > 0 ? '#dc2626' : look.stroke,
        strokeWidth: 1.5,
        ...(look.dash ? { strokeDasharray: look.dash } : {}),
      },
      ...(look.arrow
        ? { markerEnd: { type: MarkerType.ArrowClosed, color: look.stroke, width: 16, height: 16 } }
        : {}),
      data: { connection, issues },
    };
  });
  return { nodes, edges };
}

function sameIssues(a: readonly TBoardIssue[], b: readonly TBoardIssue[]): boolean {
  return a === b || (a.length === b.length && a.every((x, i) => x.message === b[i]?.message));
}

/** Whether a node draws the same from both. */
export function sameNodeData(a: TBoardNodeData, b: TBoardNodeData): boolean {
  return sameStructure(a, b) && a.detail === b.detail && sameIssues(a.issues, b.issues);
}

/**
 * What React Flow and the board's helpers read from a node's data (the minimap's colour, layout
 * sizes, drop targets, the service): the rest (detail, issues) reaches the node through its
 * `BoardNodeDataStore` entry without a new node object.
 */
function sameStructure(a: TBoardNodeData, b: TBoardNodeData): boolean {
  return (
    a.serviceId === b.serviceId &&
    a.name === b.name &&
    a.serviceName === b.serviceName &&
    a.kind === b.kind &&
    a.category === b.category &&
    a.resourceType === b.resourceType
  );
}

/**
 * Folds a fresh build into the nodes React Flow holds: what did not change keeps its object (so
 * React skips it), and what the canvas owns (measured size, selection) is carried over. A node
 * whose detail or issues alone changed keeps its object too: those are drawn from the
 * `BoardNodeDataStore`.
 */
export function mergeNodes(previous: readonly TBoardNode[], next: readonly TBoardNode[]) {
  const byId = new Map(previous.map((n) => [n.id, n]));
  return next.map((node) => {
    const old = byId.get(node.id);
    if (!old) return node;
    if (
      old.type === node.type &&
      old.parentId === node.parentId &&
      old.position.x === node.position.x &&
      old.position.y === node.position.y &&
      old.width === node.width &&
      old.height === node.height &&
      sameStructure(old.data, node.data)
    ) {
      return old;
    }
    return {
      ...node,
      ...(old.measured ? { measured: old.measured } : {}),
      ...(old.selected ? { selected: true } : {}),
    };
  });
}

export function mergeEdges(previous: readonly TBoardEdge[], next: readonly TBoardEdge[]) {
  const byId = new Map(previous.map((e) => [e.id, e]));
  return next.map((edge) => {
    const old = byId.get(edge.id);
    if (!old) return edge;
    const a = old.data;
    const b = edge.data;
    if (
      a &&
      b &&
      a.connection.port === b.connection.port &&
      a.connection.protocol === b.connection.protocol &&
      sameIssues(a.issues, b.issues)
    ) {
      return old;
    }
    return old.selected ? { ...edge, selected: true } : edge;
  });
}
