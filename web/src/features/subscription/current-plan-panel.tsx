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
  isWithdrawing: boolean;
  onCancel: () => void;
  onWithdraw: () => void;
}

/**
 * §3 Subscription record and §4 status: the plan in force with its own dates, this month's
 * usage, and a waiting request (which can be withdrawn) apart from it.
 */
export function CurrentPlanPanel({
  view,
  isWithdrawing,
  onCancel,
  onWithdraw,
}: CurrentPlanPanelProps) {
  const { currentPeriod, currentPlan, usage, credits, pendingRequest, limitsFrom } = view;
  const canCancel = currentPlan.price > 0 && currentPeriod.status !== 'cancelled';
  return (
    <Panel
      title="Your subscription"
      action={
        <Badge tone={currentPeriod.status === 'active' ? 'success' : 'warning'}>
          {STATUS_LABELS[currentPeriod.status]}
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
          detail={
            limitsFrom === 'staff'
              ? 'No limit for staff'
              : `Plan allows ${limitText(usage.projectsLimit).toLowerCase()}`
          }
        />
        <Stat label={`${currentPlan.name} since`} value={formatDate(currentPeriod.startDate)} />
        <Stat
          label={currentPeriod.status === 'cancelled' ? 'Cancelled plan ended' : 'Ends'}
          value={formatDate(currentPeriod.endDate)}
        />
      </dl>
      {limitsFrom === 'staff' && (
        <p className="mt-5 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {SUBSCRIPTION_MSG.staffUnlimited}
        </p>
      )}
      {pendingRequest && (
        <div
          role="status"
          className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p>
            <Badge tone="warning">{STATUS_LABELS.pending}</Badge>{' '}
            {SUBSCRIPTION_MSG.requestSent(PLANS[pendingRequest.requestedSubscription].name)}{' '}
            <span className="text-amber-800">Sent {formatDate(pendingRequest.createdAt)}.</span>
          </p>
          <Button variant="secondary" size="sm" isLoading={isWithdrawing} onClick={onWithdraw}>
            Withdraw request
          </Button>
        </div>
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
