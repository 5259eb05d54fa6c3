import type { TBoardNode } from './board-model';

/** A group's box on the board, in absolute coordinates. */
export interface TGroupBox {
  readonly id: string;
  readonly kind: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Nesting depth: subnets (1) are inside networks (0). */
  readonly depth: number;
}

/**
 * The group a point falls into that accepts the item: the deepest box containing the point whose
 * kind is accepted; boxes in `exclude` (the item itself and what is inside it) never count.
 */
export function findDropTarget(
  point: { x: number; y: number },
  boxes: readonly TGroupBox[],
  accepted: readonly string[],
  exclude: ReadonlySet<string> = new Set(),
): TGroupBox | undefined {
  let best: TGroupBox | undefined;
  for (const box of boxes) {
    if (exclude.has(box.id) || !accepted.includes(box.kind)) continue;
    const inside =
      point.x >= box.x &&
      point.x <= box.x + box.width &&
      point.y >= box.y &&
      point.y <= box.y + box.height;
    if (inside && (!best || box.depth > best.depth)) best = box;
  }
  return best;
}

/** The boxes of every group on the canvas, in absolute coordinates. */
export function groupBoxes(
  nodes: readonly TBoardNode[],
  absolute: (id: string) => { x: number; y: number } | undefined,
): TGroupBox[] {
  return nodes.flatMap((n) => {
    if (n.type !== 'container') return [];
    const abs = absolute(n.id) ?? n.position;
    return [
      {
        id: n.id,
        kind: n.data.kind,
        x: abs.x,
        y: abs.y,
        width: n.width ?? n.measured?.width ?? 0,
        height: n.height ?? n.measured?.height ?? 0,
        depth: n.parentId ? 1 : 0,
      },
    ];
  });
}
