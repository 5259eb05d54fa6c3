/**
 * The strongly connected components of a directed graph (Tarjan): nodes that reach each other
 * share one. Each component is sorted, and components come in the order of their first node, so
 * the result never depends on the order the edges were found in.
 */
export function stronglyConnected(edges: ReadonlyMap<string, Iterable<string>>): string[][] {
  const nodes = new Set(edges.keys());
  for (const targets of edges.values()) for (const t of targets) nodes.add(t);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Recursive: the graphs here are service kinds, a few dozen nodes at most.
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component.sort());
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return components.sort(([a], [b]) => (a! < b! ? -1 : 1));
}

/** Joins the kinds of one module: no kind holds the word, so no group can take a kind's name. */
const SEPARATOR = '-and-';

/**
 * The module of each kind, given which kinds each refers to: its own (`web-app`), or, for kinds
 * that refer to each other in a cycle, one they share, named by them in sorted order
 * (`cdn-and-web-app`). Modules then refer to each other without a cycle.
 */
export function moduleOfKind(deps: ReadonlyMap<string, Iterable<string>>): Map<string, string> {
  const moduleOf = new Map<string, string>();
  for (const kinds of stronglyConnected(deps)) {
    const name = kinds.join(SEPARATOR);
    for (const k of kinds) moduleOf.set(k, name);
  }
  return moduleOf;
}

/** Whether a generated file is a module shared by kinds that refer to each other. */
export const isSharedModule = (path: string): boolean =>
  path.startsWith('modules/') && path.includes(SEPARATOR);
