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
  const append = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const c of design.connections) {
    append(outBy, c.from, c);
    append(inBy, c.to, c);
  }
  const childrenBy = new Map<string, TNode[]>();
  for (const n of nodes) if (n.parent !== undefined) append(childrenBy, n.parent, n);

  const networkOf = (node: TNode): TNode | undefined => {
    let current: TNode | undefined = node;
    for (let i = 0; current && i < 4; i++) {
      if (current.service.kind === 'network') return current;
      current = get(current.parent);
    }
    return undefined;
  };

  // Builders ask the same questions of the same nodes many times: answers are kept (frozen,
  // so a builder cannot change what another reads), per node and direction, then by type
  // (`''` for every type): no key string is built and hashed on each question.
  const edgeCache = new Map<
    TNode,
    { in?: Map<string, readonly TEdge[]>; out?: Map<string, readonly TEdge[]> }
  >();
  const edges = (node: TNode, dir: 'in' | 'out', type?: string): TEdge[] => {
    let byDir = edgeCache.get(node);
    if (!byDir) edgeCache.set(node, (byDir = {}));
    const byType = (byDir[dir] ??= new Map<string, readonly TEdge[]>());
    const typeKey = type ?? '';
    let found = byType.get(typeKey);
    if (!found) {
      const list: TEdge[] = [];
      for (const c of (dir === 'out' ? outBy.get(node.id) : inBy.get(node.id)) ?? []) {
        if (type !== undefined && c.type !== type) continue;
        const other = get(dir === 'out' ? c.to : c.from);
        if (other) list.push({ connection: c, node: other });
      }
      found = Object.freeze(list);
      byType.set(typeKey, found);
    }
    return found as TEdge[];
  };

  const subnetCache = new Map<string, readonly TNode[]>();
  const subnetsOf = (node: TNode): TNode[] => {
    let out = subnetCache.get(node.id);
    if (!out) {
      const list: TNode[] = [];
      const own = get(node.parent);
      if (own?.service.kind === 'subnet') list.push(own);
      for (const e of edges(node, 'out', 'placement')) {
        if (e.node.service.kind === 'subnet' && !list.includes(e.node)) list.push(e.node);
      }
      out = Object.freeze(list);
      subnetCache.set(node.id, out);
    }
    return out as TNode[];
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
