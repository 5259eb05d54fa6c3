import type { TBuildContextBase, TEdge, TNode } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import type { TPropertyValue } from '../types';

/** Graph questions builders ask: placement, network, connections. */
export function createGraph(resolved: TResolvedDesign) {
  const { design, byId, nodes } = resolved;
  const envs = design.environments.map((e) => e.name);
  const get = (id: string | undefined) => (id === undefined ? undefined : byId.get(id));
  // Indexes: builders ask these questions for every node, so each answer must be O(degree).
  const outBy = new Map<string, typeof design.connections>();
  const inBy = new Map<string, typeof design.connections>();
  for (const c of design.connections) {
    outBy.set(c.from, [...(outBy.get(c.from) ?? []), c]);
    inBy.set(c.to, [...(inBy.get(c.to) ?? []), c]);
  }
  const childrenBy = new Map<string, TNode[]>();
  for (const n of nodes) {
    if (n.parent !== undefined) childrenBy.set(n.parent, [...(childrenBy.get(n.parent) ?? []), n]);
  }

  const networkOf = (node: TNode): TNode | undefined => {
    let current: TNode | undefined = node;
    for (let i = 0; current && i < 4; i++) {
      if (current.service.kind === 'network') return current;
      current = get(current.parent);
    }
    return undefined;
  };

  const edges = (node: TNode, dir: 'in' | 'out', type?: string): TEdge[] =>
    ((dir === 'out' ? outBy.get(node.id) : inBy.get(node.id)) ?? [])
      .filter((c) => type === undefined || c.type === type)
      .flatMap((c) => {
        const other = get(dir === 'out' ? c.to : c.from);
        return other ? [{ connection: c, node: other }] : [];
      });

  const subnetsOf = (node: TNode): TNode[] => {
    const out: TNode[] = [];
    const own = get(node.parent);
    if (own?.service.kind === 'subnet') out.push(own);
    for (const e of edges(node, 'out', 'placement')) {
      if (e.node.service.kind === 'subnet' && !out.includes(e.node)) out.push(e.node);
    }
    return out;
  };

  const contextFor = (node: TNode): TBuildContextBase => ({
    node,
    region: design.region,
    environments: envs,
    value: <T extends TPropertyValue>(key: string) => node.properties[key] as T,
    subnets: () => subnetsOf(node),
    subnetsOf: (other) => subnetsOf(other),
    incomingOf: (other, type) => edges(other, 'in', type),
    outgoingOf: (other, type) => edges(other, 'out', type),
    network: () => networkOf(node),
    incoming: (type) => edges(node, 'in', type),
    outgoing: (type) => edges(node, 'out', type),
    edgesOf: (other, dir, type) => edges(other, dir, type),
    nodes: () => nodes,
    lookup: (id) => get(id),
    children: (n) => childrenBy.get(n.id) ?? [],
    portOf: (edge, target) => edge.connection.port ?? target.service.port ?? 443,
  });

  return { contextFor, networkOf, subnetsOf, edges };
}
