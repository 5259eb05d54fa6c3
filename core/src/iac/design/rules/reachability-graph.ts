import type { TServiceDefinition } from '../../catalog/service';
import type { TComponent, TConnection, TDesign, TGroup } from '../schema-v2';
import type { TDesignContext } from './rule';

/**
 * What the reachability rules ask of a design: where components sit and what is around them.
 * Built once per validation with maps, so every question is answered in constant time (boards
 * of thousands of components are validated on each edit).
 */
export interface TNetworkView {
  readonly design: TDesign;
  service(id: string | undefined): TServiceDefinition | undefined;
  component(id: string): TComponent | undefined;
  /** Connections leaving a node. */
  outgoing(id: string): readonly TConnection[];
  /** Connections arriving at a node. */
  incoming(id: string): readonly TConnection[];
  /** The component's subnet, then the subnets its placement connections add. */
  subnetsOf(component: TComponent): TGroup[];
  /** The network the component sits in (directly or through its subnet). */
  networkOf(component: TComponent): TGroup | undefined;
  /** Subnets of a network. */
  subnetsIn(network: string): readonly TGroup[];
  /** Whether a component of `kind` sits in the network or in one of its subnets. */
  hasInNetwork(network: string, kind: string): boolean;
  /** `“api” (ECS on Fargate)`: how a message names a node. */
  label(node: { id: string; name: string }): string;
  /** The components[i] path of a component. */
  pathOf(component: TComponent): string;
}

/** Whether a subnet routes to the internet gateway (AWS and OCI subnets carry `public`). */
export const isPublic = (subnet: TGroup): boolean => subnet.properties['public'] === true;

function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

// Every design rule asks for the view of the same context: it is built once per validation.
const views = new WeakMap<TDesignContext, TNetworkView>();

export function networkView(context: TDesignContext): TNetworkView {
  let view = views.get(context);
  if (!view) {
    view = buildView(context);
    views.set(context, view);
  }
  return view;
}

function buildView({ design, services }: TDesignContext): TNetworkView {
  const groups = new Map(design.groups.map((g) => [g.id, g]));
  const components = new Map(design.components.map((c) => [c.id, c]));
  const index = new Map(design.components.map((c, i) => [c.id, i]));
  const outgoing = groupBy(design.connections, (x) => x.from);
  const incoming = groupBy(design.connections, (x) => x.to);
  const service = (id: string | undefined) => (id === undefined ? undefined : services.get(id));
  const isSubnet = (g: TGroup | undefined): boolean => service(g?.id)?.kind === 'subnet';
  const subnetsIn = groupBy(
    design.groups.filter((g) => isSubnet(g)),
    (g) => g.parent,
  );
  const networkOf = (c: TComponent): TGroup | undefined => {
    const g = groups.get(c.group ?? '');
    if (g === undefined) return undefined;
    if (isSubnet(g)) return groups.get(g.parent ?? '');
    return service(g.id)?.kind === 'network' ? g : undefined;
  };
  const kindsIn = new Set(
    design.components.map((c) => `${networkOf(c)?.id ?? ''}/${service(c.id)?.kind ?? ''}`),
  );
  return {
    design,
    service,
    component: (id) => components.get(id),
    outgoing: (id) => outgoing.get(id) ?? [],
    incoming: (id) => incoming.get(id) ?? [],
    subnetsOf: (c) =>
      [
        c.group,
        ...(outgoing.get(c.id) ?? []).filter((x) => x.type === 'placement').map((x) => x.to),
      ]
        .map((id) => groups.get(id ?? ''))
        .filter((g): g is TGroup => isSubnet(g)),
    networkOf,
    subnetsIn: (network) => subnetsIn.get(network) ?? [],
    hasInNetwork: (network, kind) => kindsIn.has(`${network}/${kind}`),
    label: (node) => {
      const s = service(node.id);
      return s ? `“${node.name}” (${s.name})` : `“${node.name}”`;
    },
    pathOf: (c) => `components[${index.get(c.id) ?? -1}]`,
  };
}
