import type { TPageKey } from '../../lib/pages';

export interface NavItem {
  page: TPageKey;
  label: string;
  /** Dashboard and Planner never fold into More. */
  isPinned?: boolean;
  isStaffOnly?: boolean;
}

/** §2 "App header" navigation, in order. */
export const NAV_ITEMS: NavItem[] = [
  { page: 'dashboard', label: 'Dashboard', isPinned: true },
  { page: 'planner', label: 'Planner', isPinned: true },
  { page: 'converter', label: 'Converter' },
  { page: 'api', label: 'API Calls' },
  { page: 'audit', label: 'Audit' },
  { page: 'forums', label: 'Forums' },
  { page: 'inventory', label: 'Inventory' },
  { page: 'cmdb', label: 'CMDB' },
  { page: 'costing', label: 'Costing' },
  { page: 'monitoring', label: 'Monitoring' },
  { page: 'subscription', label: 'Plans' },
  { page: 'admin', label: 'Admin', isStaffOnly: true },
];

export function navItemsFor(isStaffUser: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.isStaffOnly || isStaffUser);
}

/**
 * How many items fit in `available` pixels, in order. Pinned items always count; when not all
 * fit, room is kept for the More button.
 */
export function countVisibleItems(
  widths: number[],
  pinnedCount: number,
  available: number,
  moreWidth: number,
  gap = 0,
): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (total <= available) return widths.length;
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
