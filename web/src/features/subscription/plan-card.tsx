import clsx from 'clsx';
import { Check } from 'lucide-react';
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
      <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
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
