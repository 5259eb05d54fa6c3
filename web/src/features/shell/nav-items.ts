import { areaById, NAV_ENTRIES } from '@stratum/core/areas';
import type { TPageKey } from '../../lib/pages';

export interface NavItem {
  page: TPageKey;
  label: string;
  /** Dashboard and Planner never fold into More. */
  isPinned?: boolean;
  isStaffOnly?: boolean;
  /** Not a §2 header item: always in the More menu. */
  isInMoreMenu?: boolean;
  /** The area is not built yet: the item says "Soon" and leads to a page saying so. */
  isComing: boolean;
}

/** §2 "App header" navigation, in order, from the areas registry. */
export const NAV_ITEMS: NavItem[] = NAV_ENTRIES.map((entry) => {
  const area = areaById(entry.area);
  if (area.page === null) throw new Error(`Nav item ${entry.label} has no page`);
  return {
    page: area.page,
    label: entry.label,
    isPinned: entry.isPinned,
    isStaffOnly: entry.isStaffOnly,
    isInMoreMenu: entry.isInMoreMenu,
    isComing: area.state === 'coming',
  };
});

export function navItemsFor(isStaffUser: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.isStaffOnly || isStaffUser);
}

/**
 * How many items fit in `available` pixels, in order. Pinned items always count; when not all
 * fit, or when More is shown anyway (it holds the More-only pages), room is kept for it.
 */
export function countVisibleItems(
  widths: number[],
  pinnedCount: number,
  available: number,
  moreWidth: number,
  gap = 0,
  isMoreShown = false,
): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (!isMoreShown && total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    const next = used + width + gap;
    if (count >= pinnedCount && next > available) break;
    used = next;
    count += 1;
  }
  return Math.max(count, pinnedCount);
}
