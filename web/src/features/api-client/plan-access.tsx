import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import { canUse, smallestPlanFor } from '@stratum/core/plans-gating';
import { useSubscription } from '../../lib/api/subscription';
import { useCurrentUser } from '../../lib/session';
import { FEATURE_NAMES, type TApiFeature } from './texts';

/** The plan in force (the server's answer, else the signed-in user's stored plan) and what it allows. */
export function usePlanAccess() {
  const subscription = useSubscription();
  const user = useCurrentUser();
  const plan = (subscription.data?.currentPlan.id ?? user.subscription) as TPlanId;
  return { plan, can: (feature: TApiFeature) => canUse(plan, feature) };
}

/** "the Pro plan or above": the smallest plan with the feature, and the bigger ones. */
export function planPhrase(feature: TApiFeature): string {
  const smallest = smallestPlanFor(feature);
  return smallest === 'enterprise'
    ? 'the Enterprise plan'
    : `the ${PLANS[smallest].name} plan or above`;
}

export interface LockedFeatureProps {
  feature: TApiFeature;
  /** What else to say, e.g. that a script already in the request is kept but not run. */
  detail?: string;
  className?: string;
}

/**
 * A control the user's plan lacks: shown, locked, with the plan that has it and the way there.
 * The server refuses it too; this only explains.
 */
export function LockedFeature({ feature, detail, className }: LockedFeatureProps) {
  return (
    <div
      role="note"
      aria-label={`${FEATURE_NAMES[feature]} locked`}
      className={
        className ??
        'flex flex-wrap items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
      }
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {FEATURE_NAMES[feature]} need {planPhrase(feature)}.{detail ? ` ${detail}` : ''}{' '}
        <Link to="/subscription" className="font-semibold underline underline-offset-2">
          See plans
        </Link>
      </p>
    </div>
  );
}

/** The small lock beside a tab or option name, with the plan in its accessible text. */
export function LockMark({ feature }: { feature: TApiFeature }) {
  return (
    <span className="inline-flex items-center" title={`Needs ${planPhrase(feature)}`}>
      <Lock className="size-3.5 text-amber-700" aria-hidden="true" />
      <span className="sr-only"> (locked: needs {planPhrase(feature)})</span>
    </span>
  );
}
