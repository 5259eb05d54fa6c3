import type { TLayoutOptions, TLayoutRequest } from '../../lib/layout/elk-graph';

export type { TLayoutRequest, TLayoutResult } from '../../lib/layout/elk-graph';

export const GROUP_HEADER = 32;
/** Past this many nodes the worker uses `fastLayout` (fast-layout.ts) instead of ELK. */
export const HIERARCHY_LIMIT = 150;

/** Layered, left to right: what others depend on sits left (edges drawn dependency first). */
export const CMDB_LAYOUT: TLayoutOptions = {
  groupPadding: { top: GROUP_HEADER + 10, left: 12, bottom: 12, right: 12 },
  emptyGroup: { width: 220, height: 60 },
  direction: 'reverse',
  spacing: { nodeNode: 16, betweenLayers: 48, componentComponent: 32 },
};

/**
 * Each edge lifted to the two siblings that contain its ends, merged: what a layout that places
 * each group on its own can use (the order of groups still follows the dependencies).
 */
export function liftedEdges(request: TLayoutRequest): TLayoutRequest['edges'] {
  const parent = new Map(request.nodes.map((n) => [n.id, n.parent ?? '']));
  const chain = (id: string) => {
    const out = [id];
    for (let p = parent.get(id); p; p = parent.get(p)) out.unshift(p);
    return out;
  };
  const seen = new Map<string, TLayoutRequest['edges'][number]>();
  for (const e of request.edges) {
    const a = chain(e.from);
    const b = chain(e.to);
    let i = 0;
    while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i += 1;
    const from = a[i] as string;
    const to = b[i] as string;
    if (from === to) continue;
    const id = `${from}->${to}`;
    if (!seen.has(id)) seen.set(id, { id, from, to });
  }
  return [...seen.values()];
}
