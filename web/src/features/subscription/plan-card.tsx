import clsx from 'clsx';
import { Check, Clock } from 'lucide-react';
import { planFeatureList } from '@stratum/core/plan-features';
import type { Plan } from '@stratum/core/plans';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { limitText } from './subscription-text';

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  isPending: boolean;
  /** Why the plan cannot be chosen now, if it cannot. */
  disabledReason: string | null;
  onChoose: () => void;
}

/** One §9 plan: price, features, limits and support, and the button to choose it. */
export function PlanCard({ plan, isCurrent, isPending, disabledReason, onChoose }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        'flex flex-col rounded-lg border bg-white p-5 shadow-xs',
        isCurrent ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h3>
        {isCurrent && <Badge tone="brand">Current plan</Badge>}
        {isPending && <Badge tone="warning">Requested</Badge>}
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        ${plan.price}
        <span className="text-sm font-normal text-slate-600">/month</span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Generations</dt>
          <dd className="font-medium text-slate-900">{limitText(plan.maxGenerations)}/month</dd>
        </div>
        <div>
          <dt className="text-slate-600">Projects</dt>
          <dd className="font-medium text-slate-900">{limitText(plan.maxProjects)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Support</dt>
          <dd className="font-medium text-slate-900">{plan.support}</dd>
        </div>
      </dl>
      <div className="mt-4 flex-1">
        <ul className="space-y-1.5 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <ComingFeatures plan={plan} />
      </div>
      <Button
        className="mt-5 w-full"
        variant={isCurrent ? 'secondary' : 'primary'}
        disabled={disabledReason !== null}
        aria-describedby={disabledReason ? `${headingId}-why` : undefined}
        onClick={onChoose}
      >
        {isCurrent ? 'Current plan' : plan.price === 0 ? 'Choose Free' : `Request ${plan.name}`}
      </Button>
      {disabledReason && !isCurrent && (
        <p id={`${headingId}-why`} className="mt-2 text-xs text-slate-600">
          {disabledReason}
        </p>
      )}
    </section>
  );
}

/** What the plan will include once built (from the areas registry): apart, never as included. */
function ComingFeatures({ plan }: { plan: Plan }) {
  const { coming } = planFeatureList(plan.id);
  if (coming.length === 0) return null;
  const headingId = `plan-${plan.id}-coming`;
  return (
    <div className="mt-4">
      <h4 id={headingId} className="text-xs font-medium text-slate-600">
        Coming — not available yet
      </h4>
      <ul aria-labelledby={headingId} className="mt-1.5 space-y-1 text-sm text-slate-600">
        {coming.map((capability) => (
          <li key={capability.key} className="flex gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {capability.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
