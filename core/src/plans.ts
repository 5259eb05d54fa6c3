import { PLAN_IDS, type TPlanId } from './contract/common';

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
  /** What the plan includes, in the order the plans page lists it. */
  features: string[];
  /** Rank of the plan, 0 (free) to 3 (enterprise): a higher number is a bigger plan. */
  priority: number;
  /** The support the plan comes with. */
  support: string;
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
    features: [
      '5 generations per month',
      '2 projects',
      'Terraform, Bicep and ARM generation',
      'Digital twin preview',
    ],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 29,
    maxGenerations: 100,
    maxProjects: 25,
    priority: 1,
    support: 'Email support',
    features: [
      '100 generations per month',
      '25 projects',
      'Advanced API authentication, retries and code snippets',
      'Advanced export',
      'Digital twin drift detection',
    ],
  },
  'ultra-pro': {
    id: 'ultra-pro',
    name: 'Ultra Pro',
    price: 79,
    maxGenerations: 500,
    maxProjects: 100,
    priority: 2,
    support: 'Priority email support',
    features: [
      '500 generations per month',
      '100 projects',
      'Deployment',
      'API pre-request and test scripts',
      'Digital twin recommendations',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    maxGenerations: UNLIMITED,
    maxProjects: UNLIMITED,
    priority: 3,
    support: 'Dedicated support',
    features: [
      'Unlimited generations',
      'Unlimited projects',
      'Advanced analytics',
      'Digital twin automatic pull requests',
    ],
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
