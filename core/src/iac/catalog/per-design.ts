import type { TBuildContextBase, TNode } from './service';

/**
 * What a builder needs of the whole design (every alert topic, every node's local name), found
 * once per design and kept in `memo` under its node list, not scanned again for each node: a
 * scan per node makes a design of n such nodes cost n².
 */
export function perDesign<T>(
  memo: WeakMap<readonly TNode[], T>,
  ctx: TBuildContextBase,
  find: (nodes: readonly TNode[]) => T,
): T {
  const nodes = ctx.nodes();
  if (memo.has(nodes)) return memo.get(nodes) as T;
  const found = find(nodes);
  memo.set(nodes, found);
  return found;
}
