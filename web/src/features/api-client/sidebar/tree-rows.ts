import type { TCollectionDoc, TCollectionItem } from '@stratum/core/api-client/model';
import { findItem, whyNotMove } from '@stratum/core/api-client/collection-ops';

/** One visible line of a collection's tree. */
export interface TTreeLine {
  item: TCollectionItem;
  depth: number;
  parentId: string | null;
  isOpen: boolean;
}

/** The items to draw: everything at the top, and inside every open folder. */
export function treeLines(doc: TCollectionDoc, open: ReadonlySet<string>): TTreeLine[] {
  const lines: TTreeLine[] = [];
  const walk = (items: readonly TCollectionItem[], depth: number, parentId: string | null) => {
    for (const item of items) {
      const isOpen = item.kind === 'folder' && open.has(item.id);
      lines.push({ item, depth, parentId, isOpen });
      if (item.kind === 'folder' && isOpen) walk(item.items, depth + 1, item.id);
    }
  };
  walk(doc.items, 0, null);
  return lines;
}

export type TDropPosition = 'before' | 'after' | 'inside';

/**
 * Where a drop lands on a line, from how far down it the dragged row's centre is (0 top, 1
 * bottom): a folder takes the item inside unless the drop is near its edge.
 */
export function dropPosition(line: TTreeLine, ratio: number): TDropPosition {
  if (line.item.kind === 'folder') {
    if (ratio < 0.25) return 'before';
    if (ratio > 0.75 && !line.isOpen) return 'after';
    return 'inside';
  }
  return ratio < 0.5 ? 'before' : 'after';
}

/** The `moveItem` arguments for dropping `activeId` at `position` of `overId`, or null. */
export function moveTarget(
  doc: TCollectionDoc,
  activeId: string,
  overId: string,
  position: TDropPosition,
): { folderId: string | null; index: number } | null {
  if (activeId === overId) return null;
  const over = findItem(doc, overId);
  if (!over) return null;
  const folderId = position === 'inside' ? over.item.id : (over.parent?.id ?? null);
  if (whyNotMove(doc, activeId, folderId) !== null) return null;
  if (position === 'inside') {
    const folder = over.item.kind === 'folder' ? over.item : null;
    return { folderId, index: folder ? folder.items.filter((i) => i.id !== activeId).length : 0 };
  }
  const siblings = (over.parent ? over.parent.items : doc.items).filter((i) => i.id !== activeId);
  const at = siblings.findIndex((i) => i.id === overId);
  return { folderId, index: position === 'before' ? at : at + 1 };
}
