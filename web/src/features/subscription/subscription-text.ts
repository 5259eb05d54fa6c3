import { isApiError } from '../../lib/api-client';
import { isUnlimited } from '@stratum/core/plans';
import { SUBSCRIPTION_MSG, type TSubscriptionStatus } from '@stratum/core/subscription';
import { VOUCHER_MSG } from '@stratum/core/vouchers';
import type { TTwinCapability } from '@stratum/core/plans-gating';
import type { TGatedFeature } from '@stratum/core/plans-gating';

/** A plan limit: -1 is 'Unlimited' (§3 Plan). */
export function limitText(limit: number): string {
  return isUnlimited(limit) ? 'Unlimited' : limit.toLocaleString('en-US');
}

/** "3 of 5 used" or "3 used" when unlimited. */
export function usageText(used: number, limit: number): string {
  return isUnlimited(limit) ? `${used} used · unlimited` : `${used} of ${limit} used`;
}

/**
 * §9 "Activation requests are reviewed within 24-48 hours": the second sentence of the core's
 * request-sent text, so the form says exactly what the confirmation and the mail say.
 */
export const REVIEW_NOTE = SUBSCRIPTION_MSG.requestSent('').replace(/^.*?\.\s+/, '');

export const STATUS_LABELS: Record<TSubscriptionStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

/** The §8 voucher texts by the server's error code; anything else says what the server said. */
export function voucherErrorText(error: unknown): string {
  if (isApiError(error, 'vouchers/not_found')) return VOUCHER_MSG.notFound;
  if (isApiError(error, 'vouchers/expired')) return VOUCHER_MSG.expired;
  if (isApiError(error, 'vouchers/limit_reached')) return VOUCHER_MSG.limitReached;
  if (isApiError(error, 'vouchers/already_used')) return VOUCHER_MSG.alreadyUsed;
  if (isApiError(error)) return error.message;
  return 'The voucher could not be redeemed. Check your connection and try again.';
}

/** How the §6 gated features read on the plans page. */
export const FEATURE_LABELS: Record<TGatedFeature, string> = {
  generation: 'Code generation',
  deployment: 'Deployment',
  'api-advanced-auth': 'API client: advanced authentication',
  'api-retries': 'API client: retries',
  'api-code-snippets': 'API client: code snippets',
  'export-advanced': 'Advanced export',
  'api-pre-request': 'API client: pre-request scripts',
  'api-test-scripts': 'API client: test scripts',
  'advanced-analytics': 'Advanced analytics',
};

/** How the §6 digital-twin capabilities read on the plans page. */
export const TWIN_LABELS: Record<TTwinCapability, string> = {
  preview: 'Digital twin: preview',
  detect: 'Digital twin: drift detection',
  recommend: 'Digital twin: recommendations',
  autopr: 'Digital twin: automatic pull requests',
};
