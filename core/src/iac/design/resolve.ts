import type { TPropertyValue } from '../types';
import type { TEdge, TNode, TServiceDefinition } from '../catalog/service';
import { findService } from '../catalog/registry';
import type { TDesign } from './schema-v2';
import type { TComponentResource } from './resource-arg';

export interface TResolvedDesign {
  readonly design: TDesign;
  /** Groups first (networks before subnets), then components, each in document order. */
  readonly nodes: readonly TNode[];
  readonly byId: ReadonlyMap<string, TNode>;
}

export const localName = (id: string): string => id.replace(/-/g, '_');

/** Per design: the traffic connections into each node (indexed once, asked for every node). */
const trafficIndex = new WeakMap<TResolvedDesign, ReadonlyMap<string, readonly TEdge[]>>();

/** The traffic connections into a node, each with the node it comes from (README builders). */
export function trafficInto(resolved: TResolvedDesign, node: TNode): TEdge[] {
  let index = trafficIndex.get(resolved);
  if (!index) {
    const into = new Map<string, TEdge[]>();
    for (const c of resolved.design.connections) {
      const from = resolved.byId.get(c.from);
      if (c.type !== 'traffic' || !from) continue;
      const list = into.get(c.to);
      if (list) list.push({ connection: c, node: from });
      else into.set(c.to, [{ connection: c, node: from }]);
    }
    trafficIndex.set(resolved, (index = into));
  }
  return [...(index.get(node.id) ?? [])];
}

function withDefaults(
  service: TServiceDefinition,
  given: Readonly<Record<string, TPropertyValue>>,
): Record<string, TPropertyValue> {
  const out: Record<string, TPropertyValue> = {};
  for (const p of service.properties) out[p.key] = given[p.key] ?? p.default;
  return out;
}

/** Applies catalog defaults and per-environment overrides; the design must be valid. */
export function resolveDesign(design: TDesign): TResolvedDesign {
  const nodes: TNode[] = [];
  const make = (
    id: string,
    serviceId: string,
    name: string,
    isGroup: boolean,
    parent: string | undefined,
    props: Readonly<Record<string, TPropertyValue>>,
    resource?: TComponentResource,
    tags?: Readonly<Record<string, string>>,
  ): TNode => {
    const service = findService(serviceId);
    if (!service) throw new Error(`unknown service ${serviceId}`);
    const properties = withDefaults(service, props);
    const overrides: Record<string, Record<string, TPropertyValue>> = {};
    for (const env of design.environments) {
      const o = env.overrides[id];
      if (!o) continue;
      const diff: Record<string, TPropertyValue> = {};
      for (const [k, v] of Object.entries(o)) {
        if (JSON.stringify(v) !== JSON.stringify(properties[k])) diff[k] = v;
      }
      if (Object.keys(diff).length > 0) overrides[env.name] = diff;
    }
    return {
      id,
      local: localName(id),
      name,
      service,
      isGroup,
      parent,
      properties,
      overrides,
      ...(resource ? { resource } : {}),
      ...(tags && Object.keys(tags).length > 0 ? { tags } : {}),
    };
  };
  const groups = [...design.groups].sort(
    (a, b) => Number(a.parent !== undefined) - Number(b.parent !== undefined),
  );
  for (const g of groups) nodes.push(make(g.id, g.service, g.name, true, g.parent, g.properties));
  for (const c of design.components) {
    nodes.push(make(c.id, c.service, c.name, false, c.group, c.properties, c.resource, c.tags));
  }
  return { design, nodes, byId: new Map(nodes.map((n) => [n.id, n])) };
}
