import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from './contract/common';
import { AREAS, areaById, areaOfPage, NAV_ENTRIES, PAGE_KEYS } from './areas';
import { PLAN_CAPABILITIES, planFeatureList } from './plan-features';
import { PLANS } from './plans';

describe('the areas registry', () => {
  it('has one entry per id, and every signed-in page shows exactly one area', () => {
    expect(new Set(AREAS.map((a) => a.id)).size).toBe(AREAS.length);
    for (const page of PAGE_KEYS) expect(areaOfPage(page).page).toBe(page);
    const pages = AREAS.flatMap((a) => (a.page ? [a.page] : []));
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('gives every §2 navigation item an area with a page, in the spec order', () => {
    const header = NAV_ENTRIES.filter((n) => n.isInMoreMenu !== true);
    expect(header.map((n) => n.label)).toEqual([
      'Dashboard',
      'Planner',
      'Converter',
      'API Calls',
      'Audit',
      'Forums',
      'Inventory',
      'CMDB',
      'Costing',
      'Monitoring',
      'Plans',
      'Admin',
    ]);
    for (const entry of NAV_ENTRIES) expect(areaById(entry.area).page).not.toBeNull();
  });

  it('lists the pages that are not §2 header items in the More menu only', () => {
    const more = NAV_ENTRIES.filter((n) => n.isInMoreMenu === true);
    expect(more.map((n) => [n.label, areaById(n.area).page])).toEqual([
      ['Clusters', 'clusters'],
      ['Drift', 'drift'],
    ]);
  });

  it('describes every area in one line', () => {
    for (const area of AREAS) {
      expect(area.description.length).toBeGreaterThan(10);
      expect(area.description).not.toMatch(/\n/);
    }
  });
});

describe('what the plans claim', () => {
  it('never calls a capability built while its area is coming', () => {
    for (const capability of PLAN_CAPABILITIES) {
      if (capability.state === 'built') expect(areaById(capability.area).state).toBe('built');
    }
  });

  it("lists no coming capability among a plan's included features", () => {
    const coming = PLAN_CAPABILITIES.filter((c) => c.state === 'coming').map((c) => c.label);
    expect(coming.length).toBeGreaterThan(0);
    for (const id of PLAN_IDS) {
      for (const label of coming) expect(PLANS[id].features).not.toContain(label);
      expect(planFeatureList(id).included.every((label) => !coming.includes(label))).toBe(true);
    }
  });

  it('keeps every §6 capability on some plan: coming ones are shown apart, not dropped', () => {
    for (const id of PLAN_IDS) {
      const { included, coming } = planFeatureList(id);
      const mine = PLAN_CAPABILITIES.filter((c) => c.plans.includes(id));
      expect(included.length + coming.length).toBe(mine.length);
    }
    expect(planFeatureList('free').included).toEqual([
      'Terraform, Bicep and ARM generation',
      'Digital twin: preview',
    ]);
    expect(planFeatureList('ultra-pro').included).toContain('Deployment (simulated)');
    expect(planFeatureList('pro').included).not.toContain('Deployment (simulated)');
    expect(planFeatureList('enterprise').included).toContain(
      'Digital twin: automatic pull requests',
    );
    expect(planFeatureList('enterprise').coming.map((c) => c.key)).toContain('export-advanced');
  });
});
