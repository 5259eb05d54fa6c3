import { findService } from '@stratum/core/iac/catalog/registry';
import type { TArchitectureConfig, TBoardPosition } from '@stratum/core/planner/state';
import { defaultSize, GROUP_HEADER } from './board-model';

type TArch = TArchitectureConfig;
interface TBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const GAP = 16;

const parentOf = (arch: TArch, id: string): string | undefined =>
  arch.groups.find((g) => g.id === id)?.parent ?? arch.components.find((c) => c.id === id)?.group;

/** A node's stored box, sized by what it stores or its kind's default. */
function boxOf(arch: TArch, id: string): TBox | undefined {
  const position = arch.positions[id];
  if (!position) return undefined;
  const node = arch.groups.find((g) => g.id === id) ?? arch.components.find((c) => c.id === id);
  const size = defaultSize(findService(node?.service ?? '')?.kind);
  return {
    x: position.x,
    y: position.y,
    width: position.width ?? size.width,
    height: position.height ?? size.height,
  };
}

const childrenOf = (arch: TArch, parent: string): string[] => [
  ...arch.groups.filter((g) => g.parent === parent).map((g) => g.id),
  ...arch.components.filter((c) => c.group === parent).map((c) => c.id),
];

const clear = (a: TBox, b: TBox) =>
  a.x + a.width + GAP / 2 <= b.x ||
  b.x + b.width + GAP / 2 <= a.x ||
  a.y + a.height + GAP / 2 <= b.y ||
  b.y + b.height + GAP / 2 <= a.y;

/**
 * Where a new item of `size` goes inside `parent` (relative to it): the first grid cell, left
 * to right and top to bottom under the header, that overlaps none of the parent's children.
 */
export function freeSpotInside(
  arch: TArch,
  parent: string,
  size: { width: number; height: number },
): { x: number; y: number } {
  const box = boxOf(arch, parent);
  const taken = childrenOf(arch, parent).flatMap((id) => boxOf(arch, id) ?? []);
  const columns = Math.max(1, Math.floor(((box?.width ?? 0) - GAP) / (size.width + GAP)));
  for (let cell = 0; ; cell++) {
    const spot = {
      x: GAP + (cell % columns) * (size.width + GAP),
      y: GROUP_HEADER + 8 + Math.floor(cell / columns) * (size.height + GAP),
    };
    if (taken.every((t) => clear(t, { ...spot, ...size }))) return spot;
  }
}

/**
 * Grows the groups around `id` (its parent, that one's parent...) so that each holds what is
 * inside it with a margin; only stored boxes grow, never shrink or move.
 */
export function growParentsToFit(arch: TArch, id: string): TArch {
  let positions = arch.positions;
  let child = id;
  for (let parent = parentOf(arch, child); parent !== undefined; parent = parentOf(arch, child)) {
    const current = { ...arch, positions };
    const inner = boxOf(current, child);
    const outer = boxOf(current, parent);
    if (!inner || !outer) break;
    const width = Math.max(outer.width, inner.x + inner.width + GAP);
    const height = Math.max(outer.height, inner.y + inner.height + GAP);
    if (width === outer.width && height === outer.height) break;
    const grown: TBoardPosition = { ...positions[parent], x: outer.x, y: outer.y, width, height };
    positions = { ...positions, [parent]: grown };
    child = parent;
  }
  return positions === arch.positions ? arch : { ...arch, positions };
}
