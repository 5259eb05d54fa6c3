import { findService } from '@stratum/core/iac/catalog/registry';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import type {
  TComponent,
  TConnection,
  TGroup,
  TPolicyExemption,
} from '@stratum/core/iac/design/schema-v2';
import { GROUP_KINDS, type TPropertyValue } from '@stratum/core/iac/types';
import type { TArchitectureConfig, TBoardPosition } from '@stratum/core/planner/state';
import { edgeId } from './board-model';
import { formatCidr, nextFreeSubnet, parseCidr } from '@stratum/core/iac/design/cidr';

type TArch = TArchitectureConfig;

export const isGroupService = (s: TServiceDefinition | undefined): boolean =>
  s !== undefined && GROUP_KINDS.includes(s.kind);

/** A free id from a base (`postgresql`, `postgresql-2`...), within the design's id rules. */
export function freeId(taken: ReadonlySet<string>, base: string): string {
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^[^a-z]+/, '')
      .replace(/-+$/, '')
      .slice(0, 40) || 'item';
  if (!taken.has(stem)) return stem;
  for (let i = 2; ; i++) if (!taken.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

export const idsOf = (arch: TArch): Set<string> =>
  new Set([...arch.groups, ...arch.components].map((n) => n.id));

/** Which group kinds a service may be dropped into, deepest first. */
export function acceptedParents(service: TServiceDefinition): readonly string[] {
  if (service.kind === 'subnet') return ['network'];
  if (service.kind === 'network') return [];
  switch (service.placement) {
    case 'subnet':
      return ['subnet', 'network'];
    case 'optional-subnet':
      return ['subnet'];
    case 'network':
      return ['network'];
    case 'none':
      return [];
  }
}

/** Adds one service at a position (relative to `parent` when given). */
export function addService(
  arch: TArch,
  service: TServiceDefinition,
  position: { x: number; y: number },
  parent?: string,
): { arch: TArch; id: string } {
  const taken = idsOf(arch);
  const id = freeId(taken, service.kind === 'network' ? 'network' : service.kind);
  const name = freeId(
    new Set(
      [...arch.groups, ...arch.components]
        .filter((n) => n.service === service.id)
        .map((n) => n.name),
    ),
    service.kind === 'network' ? 'main' : service.naming.abbreviation || service.kind,
  );
  const pos: TBoardPosition = { x: Math.round(position.x), y: Math.round(position.y) };
  if (isGroupService(service)) {
    const properties: Record<string, TPropertyValue> = {};
    if (service.kind === 'subnet') {
      const siblings = arch.groups.filter((g) => g.parent === parent && g.parent !== undefined);
      const cidr = suggestSubnetCidr(arch, service, parent);
      if (cidr) properties['cidr'] = cidr;
      const zone = service.properties.find((p) => p.key === 'zone');
      if (zone?.allowed && zone.allowed.length > 1) {
        properties['zone'] = zone.allowed[siblings.length % 2] ?? String(zone.default);
      }
    }
    const group: TGroup = {
      id,
      service: service.id,
      name,
      ...(parent !== undefined && service.kind === 'subnet' ? { parent } : {}),
      properties,
    };
    return {
      arch: {
        ...arch,
        groups: [...arch.groups, group],
        positions: { ...arch.positions, [id]: pos },
      },
      id,
    };
  }
  const component: TComponent = {
    id,
    service: service.id,
    name,
    ...(parent !== undefined ? { group: parent } : {}),
    properties: {},
  };
  return {
    arch: {
      ...arch,
      components: [...arch.components, component],
      positions: { ...arch.positions, [id]: pos },
    },
    id,
  };
}

const cidrDefault = (service: TServiceDefinition | undefined): string | undefined => {
  const def = service?.properties.find((p) => p.key === 'cidr')?.default;
  return typeof def === 'string' ? def : undefined;
};

/**
 * A range for a new subnet of `parent`: inside the network's CIDR and clear of its other
 * subnets. A network without a range of its own (a GCP VPC) lends the /16 around the subnet's
 * default. Undefined (the default applies, and validation says why) when nothing is free.
 */
export function suggestSubnetCidr(
  arch: TArch,
  subnet: TServiceDefinition,
  parent: string | undefined,
): string | undefined {
  const network = arch.groups.find((g) => g.id === parent);
  if (!network) return undefined;
  const subnetDefault = cidrDefault(subnet);
  const own = network.properties['cidr'] ?? cidrDefault(findService(network.service));
  const around = parseCidr(subnetDefault ?? '');
  const range =
    typeof own === 'string'
      ? own
      : around && formatCidr({ start: around.start - (around.start % 65536), size: 65536 });
  const used = arch.groups
    .filter((g) => g.parent === parent)
    .map((g) => String(g.properties['cidr'] ?? cidrDefault(findService(g.service)) ?? ''));
  return range ? nextFreeSubnet(range, used) : undefined;
}

/** Removes nodes (with everything inside removed groups) and connections. */
export function removeItems(
  arch: TArch,
  nodeIds: Iterable<string>,
  edgeIds: Iterable<string> = [],
): TArch {
  const gone = new Set(nodeIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of [...arch.groups, ...arch.components]) {
      const parent = 'parent' in n ? n.parent : (n as TComponent).group;
      if (parent !== undefined && gone.has(parent) && !gone.has(n.id)) {
        gone.add(n.id);
        grew = true;
      }
    }
  }
  const edges = new Set(edgeIds);
  const positions = { ...arch.positions };
  for (const id of gone) delete positions[id];
  return {
    ...arch,
    groups: arch.groups.filter((g) => !gone.has(g.id)),
    components: arch.components.filter((c) => !gone.has(c.id)),
    connections: arch.connections.filter(
      (c) => !gone.has(c.from) && !gone.has(c.to) && !edges.has(edgeId(c)),
    ),
    positions,
  };
}

export interface TNodeMove {
  readonly id: string;
  readonly position: { x: number; y: number };
  /** New parent group; null: top level; undefined: unchanged. */
  readonly parent?: string | null;
}

/** Moves nodes (a drag's end), re-parenting those dropped into or out of a group. */
export function moveNodes(arch: TArch, moves: readonly TNodeMove[]): TArch {
  const byId = new Map(moves.map((m) => [m.id, m]));
  const positions = { ...arch.positions };
  for (const m of moves) {
    positions[m.id] = {
      ...positions[m.id],
      x: Math.round(m.position.x),
      y: Math.round(m.position.y),
    };
  }
  const reparent = <T extends { id: string }>(node: T, key: 'parent' | 'group'): T => {
    const m = byId.get(node.id);
    if (!m || m.parent === undefined) return node;
    const { [key]: _old, ...rest } = node as T & Record<string, unknown>;
    return (m.parent === null ? rest : { ...rest, [key]: m.parent }) as T;
  };
  return {
    ...arch,
    groups: arch.groups.map((g) => reparent(g, 'parent')),
    components: arch.components.map((c) => reparent(c, 'group')),
    positions,
  };
}

export function resizeGroup(arch: TArch, id: string, box: TBoardPosition): TArch {
  return { ...arch, positions: { ...arch.positions, [id]: box } };
}

export type TConnectResult = { arch: TArch } | { error: string };

/** Adds a typed connection; placement connections go from a component to a subnet only. */
export function connect(
  arch: TArch,
  from: string,
  to: string,
  type: TConnection['type'],
): TConnectResult {
  if (from === to) return { error: 'A connection needs two different ends.' };
  const target = arch.groups.find((g) => g.id === to);
  const source = arch.components.find((c) => c.id === from);
  const targetKind = target ? findService(target.service)?.kind : undefined;
  let kind = type;
  if (target) {
    if (targetKind !== 'subnet' || !source)
      return {
        error: 'Only placement connections, from a component to a subnet, can end at a group.',
      };
    kind = 'placement';
  } else if (kind === 'placement') {
    return { error: 'Placement connections end at a subnet: the extra subnet of a component.' };
  }
  if (arch.groups.some((g) => g.id === from))
    return { error: 'Connections start at a component, not at a network or subnet.' };
  const connection: TConnection = { from, to, type: kind };
  if (arch.connections.some((c) => edgeId(c) === edgeId(connection)))
    return { error: 'These two are already connected that way.' };
  return { arch: { ...arch, connections: [...arch.connections, connection] } };
}

export function updateConnection(arch: TArch, id: string, next: TConnection): TArch {
  return { ...arch, connections: arch.connections.map((c) => (edgeId(c) === id ? next : c)) };
}

/** Changes a node's name or one of its properties (a default value is stored as absent). */
export function updateNode(
  arch: TArch,
  id: string,
  patch: {
    name?: string;
    property?: { key: string; value: TPropertyValue | undefined };
    /** The node's policy exemptions; an empty list removes the field. */
    exempt?: TPolicyExemption[];
    /** A component's own tags; none removes the field (older saves have none). */
    tags?: Record<string, string>;
  },
): TArch {
  const apply = <T extends TGroup | TComponent>(node: T): T => {
    if (node.id !== id) return node;
    let next = patch.name !== undefined ? { ...node, name: patch.name } : node;
    if (patch.exempt !== undefined) {
      const copy: T = { ...next };
      delete copy.policy;
      next = patch.exempt.length > 0 ? { ...copy, policy: { exempt: patch.exempt } } : copy;
    }
    if (patch.tags !== undefined) {
      const copy = { ...next } as T & { tags?: Record<string, string> };
      delete copy.tags;
      next = Object.keys(patch.tags).length > 0 ? { ...copy, tags: patch.tags } : copy;
    }
    if (patch.property) {
      const { key, value } = patch.property;
      const def = findService(node.service)?.properties.find((p) => p.key === key);
      const properties = { ...next.properties };
      if (value === undefined || (def && JSON.stringify(def.default) === JSON.stringify(value)))
        delete properties[key];
      else properties[key] = value;
      next = { ...next, properties };
    }
    return next;
  };
  return { ...arch, groups: arch.groups.map(apply), components: arch.components.map(apply) };
}
