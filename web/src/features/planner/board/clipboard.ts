import type { TComponent, TConnection, TGroup } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig, TBoardPosition } from '@stratum/core/planner/state';
import { freeId, idsOf } from './board-edit';

/** What Ctrl+C keeps: the selected items, what is inside selected groups, and their links. */
export interface TClipboard {
  readonly groups: readonly TGroup[];
  readonly components: readonly TComponent[];
  readonly connections: readonly TConnection[];
  readonly positions: Readonly<Record<string, TBoardPosition>>;
}

export function copyItems(arch: TArchitectureConfig, ids: Iterable<string>): TClipboard | null {
  const chosen = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of arch.groups)
      if (g.parent !== undefined && chosen.has(g.parent) && !chosen.has(g.id)) {
        chosen.add(g.id);
        grew = true;
      }
    for (const c of arch.components)
      if (c.group !== undefined && chosen.has(c.group) && !chosen.has(c.id)) {
        chosen.add(c.id);
        grew = true;
      }
  }
  const groups = arch.groups.filter((g) => chosen.has(g.id));
  const components = arch.components.filter((c) => chosen.has(c.id));
  if (groups.length + components.length === 0) return null;
  return {
    groups,
    components,
    connections: arch.connections.filter((c) => chosen.has(c.from) && chosen.has(c.to)),
    positions: Object.fromEntries(
      [...chosen].flatMap((id) => (arch.positions[id] ? [[id, arch.positions[id]]] : [])),
    ),
  };
}

/**
 * Pastes a copy with fresh ids. Items whose parent was copied too stay inside the copy; the
 * others keep their parent if it still exists. Top-level copies move by `offset`.
 */
export function pasteItems(
  arch: TArchitectureConfig,
  clip: TClipboard,
  offset = 40,
): { arch: TArchitectureConfig; ids: string[] } {
  const taken = idsOf(arch);
  const rename = new Map<string, string>();
  for (const n of [...clip.groups, ...clip.components]) {
    const id = freeId(taken, n.id.replace(/-copy(-\d+)?$/, '') + '-copy');
    taken.add(id);
    rename.set(n.id, id);
  }
  const existing = idsOf(arch);
  const parentOf = (p: string | undefined) =>
    p === undefined ? undefined : (rename.get(p) ?? (existing.has(p) ? p : undefined));
  const moved = (id: string, parent: string | undefined, wasCopied: boolean) => {
    const pos = clip.positions[id] ?? { x: 0, y: 0 };
    return wasCopied || parent === undefined
      ? { ...pos, x: pos.x + offset, y: pos.y + offset }
      : pos;
  };
  const positions = { ...arch.positions };
  const groups = clip.groups.map((g) => {
    const parent = parentOf(g.parent);
    const id = rename.get(g.id) ?? g.id;
    positions[id] = moved(g.id, parent, !(g.parent !== undefined && rename.has(g.parent)));
    const { parent: _p, ...rest } = g;
    return { ...rest, id, ...(parent !== undefined ? { parent } : {}) };
  });
  const components = clip.components.map((c) => {
    const parent = parentOf(c.group);
    const id = rename.get(c.id) ?? c.id;
    positions[id] = moved(c.id, parent, !(c.group !== undefined && rename.has(c.group)));
    const { group: _g, ...rest } = c;
    return { ...rest, id, ...(parent !== undefined ? { group: parent } : {}) };
  });
  const connections = clip.connections.map((c) => ({
    ...c,
    from: rename.get(c.from) ?? c.from,
    to: rename.get(c.to) ?? c.to,
  }));
  return {
    arch: {
      ...arch,
      groups: [...arch.groups, ...groups],
      components: [...arch.components, ...components],
      connections: [...arch.connections, ...connections],
      positions,
    },
    ids: [...rename.values()],
  };
}
