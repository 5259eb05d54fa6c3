import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANS, UNLIMITED } from '@stratum/core/plans';
import { Badge } from '../../components/badge';
import { Panel } from '../../components/panel';
import { SUBSCRIPTION_MSG } from '@stratum/core/subscription';
import { subscriptionQuery } from '../../lib/api/subscription';

export interface PlanUsagePanelProps {
  subscription: string;
  credits: number;
}

const limit = (value: number) => (value === UNLIMITED ? 'Unlimited' : String(value));

export function PlanUsagePanel({ subscription, credits }: PlanUsagePanelProps) {
  const plan = PLANS[subscription as TPlanId] ?? PLANS.free;
  // The limits in force: the plan's, or none for staff (decision 0010).
  const { data } = useQuery(subscriptionQuery);
  const generationsLimit = data?.usage.generationsLimit ?? plan.maxGenerations;
  const projectsLimit = data?.usage.projectsLimit ?? plan.maxProjects;
  return (
    <Panel title="Plan and usage" action={<Badge tone="brand">{plan.name}</Badge>}>
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-slate-600">Credits</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{credits}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Price</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">
            ${plan.price}
            <span className="text-sm font-normal text-slate-600">/month</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Generations per month</dt>
          <dd className="mt-1 font-medium text-slate-900">{limit(generationsLimit)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Projects</dt>
          <dd className="mt-1 font-medium text-slate-900">{limit(projectsLimit)}</dd>
        </div>
      </dl>
      {data?.limitsFrom === 'staff' && (
        <p className="mt-4 text-xs text-slate-700">{SUBSCRIPTION_MSG.staffUnlimited}</p>
      )}
      <UsageLine />
      <Link
        to="/subscription"
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        Compare plans
      </Link>
    </Panel>
  );
}

/** This month's generations, from GET /api/subscription. */
function UsageLine() {
  const { data, isError } = useQuery(subscriptionQuery);
  if (isError) return <p className="mt-4 text-xs text-slate-600">Usage could not be loaded.</p>;
  if (!data) return <p className="mt-4 text-xs text-slate-600">Loading usage…</p>;
  const { usage } = data;
  return (
    <p className="mt-4 text-xs text-slate-700">
      This month: {usage.generationsUsed}
      {usage.generationsLimit === UNLIMITED ? '' : ` of ${usage.generationsLimit}`} generations
      used.
    </p>
  );
}
