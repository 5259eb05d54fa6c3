import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from './contract/common';
import {
  fitsOneMore,
  isPaidPlan,
  isUpgrade,
  PLAN_LIST,
  PLANS,
  remainingOf,
  UNLIMITED,
} from './plans';
import {
  canUse,
  FEATURE_PLANS,
  GATED_FEATURES,
  hasTwinCapability,
  smallestPlanFor,
  twinCapabilities,
} from './plans-gating';

describe('plans (§9)', () => {
  it('has the four plans with the exact prices and limits', () => {
    expect(PLAN_LIST.map((p) => [p.id, p.name, p.price, p.maxGenerations, p.maxProjects])).toEqual([
      ['free', 'Free', 0, 5, 2],
      ['pro', 'Pro', 29, 100, 25],
      ['ultra-pro', 'Ultra Pro', 79, 500, 100],
      ['enterprise', 'Enterprise', 199, -1, -1],
    ]);
  });

  it('ranks the plans by priority and gives each features and support text', () => {
    expect(PLAN_LIST.map((p) => p.priority)).toEqual([0, 1, 2, 3]);
    for (const plan of PLAN_LIST) {
      expect(plan.features.length).toBeGreaterThan(0);
      expect(plan.support).not.toBe('');
    }
    expect(isUpgrade('free', 'pro')).toBe(true);
    expect(isUpgrade('enterprise', 'pro')).toBe(false);
    expect(isPaidPlan('free')).toBe(false);
    expect(PLAN_IDS.filter(isPaidPlan)).toEqual(['pro', 'ultra-pro', 'enterprise']);
  });

  it('counts what is left, with -1 as unlimited', () => {
    expect(remainingOf(PLANS.free.maxGenerations, 3)).toBe(2);
    expect(remainingOf(PLANS.free.maxGenerations, 9)).toBe(0);
    expect(remainingOf(UNLIMITED, 1_000_000)).toBeNull();
    expect(fitsOneMore(5, 4)).toBe(true);
    expect(fitsOneMore(5, 5)).toBe(false);
    expect(fitsOneMore(UNLIMITED, 10 ** 9)).toBe(true);
  });
});

describe('feature gating (§6)', () => {
  const table: [string, string[]][] = [
    ['generation', ['free', 'pro', 'ultra-pro', 'enterprise']],
    ['deployment', ['ultra-pro', 'enterprise']],
    ['api-advanced-auth', ['pro', 'ultra-pro', 'enterprise']],
    ['api-retries', ['pro', 'ultra-pro', 'enterprise']],
    ['api-code-snippets', ['pro', 'ultra-pro', 'enterprise']],
    ['export-advanced', ['pro', 'ultra-pro', 'enterprise']],
    ['api-pre-request', ['ultra-pro', 'enterprise']],
    ['api-test-scripts', ['ultra-pro', 'enterprise']],
    ['advanced-analytics', ['enterprise']],
  ];

  it.each(table)('%s is open to exactly %j', (feature, plans) => {
    const allowed = PLAN_IDS.filter((plan) => canUse(plan, feature as never));
    expect(allowed).toEqual(plans);
  });

  it('covers every gated feature and names the smallest plan for each', () => {
    expect(Object.keys(FEATURE_PLANS).sort()).toEqual([...GATED_FEATURES].sort());
    expect(smallestPlanFor('deployment')).toBe('ultra-pro');
    expect(smallestPlanFor('export-advanced')).toBe('pro');
    expect(smallestPlanFor('generation')).toBe('free');
  });

  it('adds one digital-twin capability per plan', () => {
    expect(twinCapabilities('free')).toEqual(['preview']);
    expect(twinCapabilities('pro')).toEqual(['preview', 'detect']);
    expect(twinCapabilities('ultra-pro')).toEqual(['preview', 'detect', 'recommend']);
    expect(twinCapabilities('enterprise')).toEqual(['preview', 'detect', 'recommend', 'autopr']);
    expect(hasTwinCapability('pro', 'recommend')).toBe(false);
    expect(hasTwinCapability('enterprise', 'autopr')).toBe(true);
  });
});
