import { PLANS, UNLIMITED } from '@stratum/core/plans';
import type { TPlanId } from '@stratum/core/contract/common';

export interface QuotaChip {
  /** The header chip's short figure: '3 left', '120 credits', 'Unlimited'. */
  text: string;
  /** The same figure in words, for the floating display: '3 generations left'. */
  longText: string;
  planName: string;
  description: string;
}

function planOf(subscription: string) {
  return PLANS[subscription as TPlanId] ?? PLANS.free;
}

/**
 * §2: Enterprise shows 'Unlimited', free shows remaining generations, other plans show credits.
 * Staff have no limits on their instance (decision 0010), so they show 'Unlimited' too.
 * `generationsUsed` is this month's count from GET /api/subscription.
 */
export function quotaChip(
  subscription: string,
  credits: number,
  generationsUsed = 0,
  isStaff = false,
): QuotaChip {
  const plan = planOf(subscription);
  if (isStaff) {
    return {
      text: 'Unlimited',
      longText: 'Unlimited generations',
      planName: plan.name,
      description: `Staff: no generation or project limits (${plan.name} plan)`,
    };
  }
  if (plan.id === 'enterprise' || plan.maxGenerations === UNLIMITED) {
    return {
      text: 'Unlimited',
      longText: 'Unlimited generations',
      planName: plan.name,
      description: `${plan.name} plan: unlimited generations`,
    };
  }
  if (plan.id === 'free') {
    const left = Math.max(0, plan.maxGenerations - generationsUsed);
    return {
      text: `${left} left`,
      longText: `${left} generation${left === 1 ? '' : 's'} left`,
      planName: plan.name,
      description: `${plan.name} plan: ${left} of ${plan.maxGenerations} generations left this month`,
    };
  }
  return {
    text: `${credits} credits`,
    longText: `${credits} credit${credits === 1 ? '' : 's'}`,
    planName: plan.name,
    description: `${plan.name} plan: ${credits} credits`,
  };
}
