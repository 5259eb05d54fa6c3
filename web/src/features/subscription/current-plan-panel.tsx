import { PLANS } from '@stratum/core/plans';
import { SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import type { TSubscriptionView } from '@stratum/core/contract/subscription/get-subscription';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { formatDate } from '../../lib/format-date';
import { limitText, STATUS_LABELS, usageText } from './subscription-text';

export interface CurrentPlanPanelProps {
  view: TSubscriptionView;
  onCancel: () => void;
}

/** §3 Subscription record and §4 status: the plan in force, this month's usage, the end date. */
export function CurrentPlanPanel({ view, onCancel }: CurrentPlanPanelProps) {
  const { subscription, currentPlan, usage, credits, pendingRequest } = view;
  const canCancel = currentPlan.price > 0 && subscription.status !== 'cancelled';
  return (
    <Panel
      title="Your subscription"
      action={
        <Badge tone={subscription.status === 'active' ? 'success' : 'warning'}>
          {STATUS_LABELS[subscription.status]}
        </Badge>
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 text-sm lg:grid-cols-4">
        <Stat label="Current plan" value={currentPlan.name} />
        <Stat label="Credits" value={credits.toLocaleString('en-US')} />
        <Stat
          label="Generations this month"
          value={usageText(usage.generationsUsed, usage.generationsLimit)}
          detail={
            usage.generationsRemaining === null
              ? 'Unlimited'
              : `${usage.generationsRemaining} remaining · resets ${formatDate(usage.resetsAt)}`
          }
        />
        <Stat
          label="Projects"
          value={usageText(usage.projectsCreated, usage.projectsLimit)}
          detail={`Plan allows ${limitText(usage.projectsLimit).toLowerCase()}`}
        />
        <Stat label="Started" value={formatDate(subscription.startDate)} />
        <Stat
          label={subscription.status === 'cancelled' ? 'Cancelled plan ended' : 'Ends'}
          value={formatDate(subscription.endDate)}
        />
      </dl>
      {pendingRequest && (
        <p
          role="status"
          className="mt-5 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {SUBSCRIPTION_MSG.requestSent(PLANS[pendingRequest.requestedSubscription].name)}{' '}
          <span className="text-amber-800">Sent {formatDate(pendingRequest.createdAt)}.</span>
        </p>
      )}
      {canCancel && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel subscription
          </Button>
        </div>
      )}
    </Panel>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
      {detail && <dd className="text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}
