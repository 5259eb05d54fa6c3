import { PLAN_IDS, type TPlanId } from './contract/common';

/** §6 "Feature gating by plan": the features a plan may or may not use. */
export const GATED_FEATURES = [
  'generation',
  'deployment',
  'api-advanced-auth',
  'api-retries',
  'api-code-snippets',
  'export-advanced',
  'api-pre-request',
  'api-test-scripts',
  'advanced-analytics',
] as const;
export type TGatedFeature = (typeof GATED_FEATURES)[number];

/** §6, word for word: which plans may use each feature. */
export const FEATURE_PLANS: Record<TGatedFeature, readonly TPlanId[]> = {
  generation: ['free', 'pro', 'ultra-pro', 'enterprise'],
  deployment: ['ultra-pro', 'enterprise'],
  'api-advanced-auth': ['pro', 'ultra-pro', 'enterprise'],
  'api-retries': ['pro', 'ultra-pro', 'enterprise'],
  'api-code-snippets': ['pro', 'ultra-pro', 'enterprise'],
  'export-advanced': ['pro', 'ultra-pro', 'enterprise'],
  'api-pre-request': ['ultra-pro', 'enterprise'],
  'api-test-scripts': ['ultra-pro', 'enterprise'],
  'advanced-analytics': ['enterprise'],
};

/** Whether a plan may use a feature: the web shows or disables with it, the server enforces. */
export function canUse(plan: TPlanId, feature: TGatedFeature): boolean {
  return FEATURE_PLANS[feature].includes(plan);
}

/**
 * The smallest plan that may use a feature, for "upgrade to …" hints. PLAN_IDS runs from the
 * smallest plan to the biggest; not importing `plans.ts` lets the plans' feature lists read this.
 */
export function smallestPlanFor(feature: TGatedFeature): TPlanId {
  return PLAN_IDS.find((plan) => FEATURE_PLANS[feature].includes(plan)) ?? 'enterprise';
}

/** §6 "Digital-twin capabilities", each plan adding one to the plan below it. */
export const TWIN_CAPABILITIES = ['preview', 'detect', 'recommend', 'autopr'] as const;
export type TTwinCapability = (typeof TWIN_CAPABILITIES)[number];

const TWIN_BY_PLAN: Record<TPlanId, readonly TTwinCapability[]> = {
  free: ['preview'],
  pro: ['preview', 'detect'],
  'ultra-pro': ['preview', 'detect', 'recommend'],
  enterprise: ['preview', 'detect', 'recommend', 'autopr'],
};

export function twinCapabilities(plan: TPlanId): readonly TTwinCapability[] {
  return TWIN_BY_PLAN[plan];
}

export function hasTwinCapability(plan: TPlanId, capability: TTwinCapability): boolean {
  return TWIN_BY_PLAN[plan].includes(capability);
}
