import type { TAuth } from '@stratum/core/api-client/model';
import { RUN_MSG } from '@stratum/core/contract/api-client/run';
import { canUse, type TGatedFeature } from '@stratum/core/plans-gating';
import { AppError } from '../../lib/errors';
import type { TCollectionContext, TPlanReader } from './run-types';

/**
 * The server's side of plan gating: a request using a feature the caller's plan lacks is
 * refused (403 api/feature_not_allowed, naming the feature and the plans that have it), whatever
 * the page showed.
 */
export async function requireFeatures(
  plans: TPlanReader,
  userId: string,
  features: readonly TGatedFeature[],
): Promise<void> {
  if (features.length === 0) return;
  const { currentPlan } = await plans.state(userId);
  const refused = features.find((f) => !canUse(currentPlan, f));
  if (refused) {
    throw new AppError('api/feature_not_allowed', RUN_MSG.featureNotAllowed(refused, currentPlan));
  }
}

/** The auth a request uses: its own, or (inherit) its folder's or collection's, else none. */
export function effectiveAuth(own: TAuth, collection: TCollectionContext | undefined): TAuth {
  if (own.type !== 'inherit') return own;
  const inherited = collection?.inheritedAuth;
  return inherited && inherited.type !== 'inherit' ? inherited : { type: 'none' };
}
