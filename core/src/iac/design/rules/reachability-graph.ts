import type { TServiceDefinition } from '../../catalog/service';
import type { TComponent, TDesign, TGroup } from '../schema-v2';
import type { TDesignContext } from './rule';

/** What the reachability rules ask of a design: where components sit and what is around them. */
export interface TNetworkView {
  readonly design: TDesign;
  service(id: string | undefined): TServiceDefinition | undefined;
  /** The component's subnet, then the subnets its placement connections add. */
  subnetsOf(component: TComponent): TGroup[];
  /** The network the component sits in (directly or through its subnet). */
  networkOf(component: TComponent): TGroup | undefined;
  /** Subnets of a network. */
  subnetsIn(network: string): TGroup[];
  /** Components of a given kind placed in the network or in one of its subnets. */
  inNetwork(network: string, kind: string): TComponent[];
  /** `“api” (ECS Fargate service)`: how a message names a node. */
  label(node: { id: string; name: string }): string;
  /** The components[i] path of a component. */
  pathOf(component: TComponent): string;
}

/** Whether a subnet routes to the internet gateway (AWS and OCI subnets carry `public`). */
export const isPublic = (subnet: TGroup): boolean => subnet.properties['public'] === true;

export function networkView({ design, services }: TDesignContext): TNetworkView {
  const groups = new Map(design.groups.map((g) => [g.id, g]));
  const index = new Map(design.components.map((c, i) => [c.id, i]));
  const service = (id: string | undefined) => (id === undefined ? undefined : services.get(id));
  const isSubnet = (g: TGroup | undefined): boolean => service(g?.id)?.kind === 'subnet';
  const networkOfGroup = (g: TGroup | undefined): TGroup | undefined => {
    if (g === undefined) return undefined;
    if (isSubnet(g)) return groups.get(g.parent ?? '');
    return service(g.id)?.kind === 'network' ? g : undefined;
  };
  const view: TNetworkView = {
    design,
    service,
    subnetsOf: (c) =>
      [
        c.group,
        ...design.connections
          .filter((x) => x.from === c.id && x.type === 'placement')
          .map((x) => x.to),
      ]
        .map((id) => groups.get(id ?? ''))
        .filter((g): g is TGroup => isSubnet(g)),
    networkOf: (c) => networkOfGroup(groups.get(c.group ?? '')),
    subnetsIn: (network) => design.groups.filter((g) => isSubnet(g) && g.parent === network),
    inNetwork: (network, kind) =>
      design.components.filter(
        (c) => service(c.id)?.kind === kind && view.networkOf(c)?.id === network,
      ),
    label: (node) => {
      const s = service(node.id);
      return s ? `“${node.name}” (${s.name})` : `“${node.name}”`;
    },
    pathOf: (c) => `components[${index.get(c.id) ?? -1}]`,
  };
  return view;
}
