import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { TPlanId } from '@stratum/core/contract/common';
import { canUse } from '@stratum/core/plans-gating';
import { useSubscription } from '../../lib/api/subscription';
import { useCurrentUser } from '../../lib/session';

export interface HistoryViewProps {
  projectId: string | null;
}

/** The cost of a project at each generation, and a forecast: Enterprise's advanced analytics. */
export function HistoryView({ projectId }: HistoryViewProps) {
  const subscription = useSubscription();
  const user = useCurrentUser();
  const plan = (subscription.data?.currentPlan.id ?? user.subscription) as TPlanId;
  if (!canUse(plan, 'advanced-analytics')) return <UpgradeHint />;
  if (projectId === null) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        Cost history belongs to a saved project: choose one above.
      </p>
    );
  }
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
      The cost history of this project is not available in this version.
    </p>
  );
}

/** Below Enterprise: what the history would show, and where to get it. */
function UpgradeHint() {
  return (
    <div
      role="note"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Cost history and forecasts are advanced analytics, part of the Enterprise plan: each
        generation of a project priced from the price book, and the trend carried forward.{' '}
        <Link to="/subscription" className="font-semibold underline underline-offset-2">
          See plans
        </Link>
      </p>
    </div>
  );
}
