import { PLAN_IDS, type TPlanId } from './contract/common';
import { planFeatureList } from './plan-features';

/** -1 means unlimited (§3 Plan, §9). */
export const UNLIMITED = -1;

export interface PlanLimits {
  id: TPlanId;
  name: string;
  /** US dollars per month. */
  price: number;
  /** Generations per calendar month (UTC); -1 unlimited. */
  maxGenerations: number;
  /** Projects at any one time; -1 unlimited. */
  maxProjects: number;
}

/** §3 Plan: the limits plus what the plans page lists. */
export interface Plan extends PlanLimits {
  /**
   * What the plan includes today, in the order the plans page lists it: its limits, then the
   * built capabilities from the areas registry (capabilities still coming are never listed here).
   */
  features: string[];
  /** Rank of the plan, 0 (free) to 3 (enterprise): a higher number is a bigger plan. */
  priority: number;
  /** The support the plan comes with. */
  support: string;
}

function featuresOf(plan: TPlanId, maxGenerations: number, maxProjects: number): string[] {
  const generations =
    maxGenerations === UNLIMITED
      ? 'Unlimited generations'
      : `${maxGenerations} generations per month`;
  const projects = maxProjects === UNLIMITED ? 'Unlimited projects' : `${maxProjects} projects`;
  return [generations, projects, ...planFeatureList(plan).included];
}

/** §9 "Business constants and limits": the four plans. */
export const PLANS: Record<TPlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    maxGenerations: 5,
    maxProjects: 2,
    priority: 0,
    support: 'Community support',
    features: featuresOf('free', 5, 2),
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 29,
    maxGenerations: 100,
    maxProjects: 25,
    priority: 1,
    support: 'Email support',
    features: featuresOf('pro', 100, 25),
  },
  'ultra-pro': {
    id: 'ultra-pro',
    name: 'Ultra Pro',
    price: 79,
    maxGenerations: 500,
    maxProjects: 100,
    priority: 2,
    support: 'Priority email support',
    features: featuresOf('ultra-pro', 500, 100),
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    maxGenerations: UNLIMITED,
    maxProjects: UNLIMITED,
    priority: 3,
    support: 'Dedicated support',
    features: featuresOf('enterprise', UNLIMITED, UNLIMITED),
  },
};

/** The plans from smallest to biggest. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export const isUnlimited = (limit: number): boolean => limit === UNLIMITED;

export const isPaidPlan = (planId: TPlanId): boolean => PLANS[planId].price > 0;

/** What is left of a limit after `used`; null when the limit is unlimited. Never negative. */
export function remainingOf(limit: number, used: number): number | null {
  return isUnlimited(limit) ? null : Math.max(0, limit - used);
}

/** Whether one more unit fits under the limit. */
export const fitsOneMore = (limit: number, used: number): boolean =>
  isUnlimited(limit) || used < limit;

/** Whether `next` is a bigger plan than `current`. */
export const isUpgrade = (current: TPlanId, next: TPlanId): boolean =>
  PLANS[next].priority > PLANS[current].priority;
