import { describe, expect, it } from 'vitest';
import { areaOfPage } from '@stratum/core/areas';
import { countVisibleItems, NAV_ITEMS, navItemsFor } from './nav-items';

describe('navItemsFor', () => {
  it('shows Admin to staff only', () => {
    expect(navItemsFor(true).map((i) => i.label)).toContain('Admin');
    expect(navItemsFor(false).map((i) => i.label)).not.toContain('Admin');
    expect(
      navItemsFor(false)
        .map((i) => i.label)
        .slice(0, 2),
    ).toEqual(['Dashboard', 'Planner']);
  });
});

describe('countVisibleItems', () => {
  const widths = [100, 80, 90, 90, 90];

  it('shows everything when everything fits, with no More button', () => {
    expect(countVisibleItems(widths, 2, 450, 70)).toBe(5);
  });

  it('keeps room for More when some items fold', () => {
    // More (70) + 100 + 80 + 90 = 340 fits in 349; the next 90 does not.
    expect(countVisibleItems(widths, 2, 349, 70)).toBe(3);
  });

  it('never folds the pinned items, however narrow', () => {
    expect(countVisibleItems(widths, 2, 10, 70)).toBe(2);
  });

  it('keeps room for More when it is shown anyway for the More-only pages', () => {
    // Everything fits in 450 alone, but More (70) + 100 + 80 + 90 + 90 = 430 leaves no room for
    // the last 90.
    expect(countVisibleItems(widths, 2, 450, 70, 0, true)).toBe(4);
    expect(countVisibleItems(widths, 2, 1000, 70, 0, true)).toBe(5);
  });

  it('counts the gaps between items', () => {
    expect(countVisibleItems(widths, 2, 450, 70, 4)).toBe(4);
  });
});

describe('NAV_ITEMS', () => {
  it('marks the items whose area is coming, from the registry', () => {
    const coming = NAV_ITEMS.filter((i) => i.isComing).map((i) => i.page);
    expect(coming).not.toContain('api');
    expect(NAV_ITEMS.filter((i) => !i.isComing).map((i) => i.page)).toEqual([
      'dashboard',
      'planner',
      'converter',
      'api',
      'audit',
      'forums',
      'inventory',
      'cmdb',
      'costing',
      'monitoring',
      'subscription',
      'admin',
      'clusters',
      'drift',
    ]);
    for (const item of NAV_ITEMS)
      expect(item.isComing).toBe(areaOfPage(item.page).state === 'coming');
  });
});
