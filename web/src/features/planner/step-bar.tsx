import clsx from 'clsx';
import { Check } from 'lucide-react';
import {
  lockReason,
  PLANNER_STEP_COUNT,
  PLANNER_STEPS,
  stepCount,
  stepLabel,
  stepStatus,
  type TStepFacts,
} from '@stratum/core/planner/steps';
import { Tooltip } from '../../components/tooltip';

export interface StepBarProps {
  current: number;
  furthest: number;
  facts: TStepFacts;
  onOpenStep: (step: number) => void;
}

/** §2: numbered steps with a tick when completed, a progress bar and 'n/7'. */
export function StepBar({ current, furthest, facts, onOpenStep }: StepBarProps) {
  const percent = Math.round(((current + 1) / PLANNER_STEP_COUNT) * 100);
  return (
    <nav aria-label="Planner steps" className="rounded-lg border border-slate-200 bg-white p-3">
      <ol className="flex items-start gap-1">
        {PLANNER_STEPS.map((step, index) => {
          const status = stepStatus(index, current, facts, furthest);
          const reason = status === 'locked' ? lockReason(index, current, facts) : null;
          return (
            <li key={step.key} className="flex min-w-0 flex-1 flex-col items-center">
              <Tooltip content={reason}>
                <button
                  type="button"
                  aria-label={stepLabel(index, status)}
                  aria-current={status === 'current' ? 'step' : undefined}
                  aria-disabled={status === 'locked' || undefined}
                  onClick={() => status !== 'locked' && onOpenStep(index)}
                  className={clsx(
                    'group flex w-full min-w-0 flex-col items-center gap-1 rounded-md px-0.5 py-1',
                    status === 'locked' ? 'cursor-not-allowed' : 'hover:bg-slate-50',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'flex size-7 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                      status === 'current' && 'bg-brand-600 text-white ring-brand-600',
                      status === 'completed' && 'bg-emerald-600 text-white ring-emerald-600',
                      status === 'open' && 'bg-white text-slate-800 ring-slate-400',
                      status === 'locked' && 'bg-slate-100 text-slate-500 ring-slate-200',
                    )}
                  >
                    {status === 'completed' ? <Check className="size-4" /> : index + 1}
                  </span>
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'hidden max-w-full truncate text-xs sm:block',
                      status === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600',
                      status === 'locked' && 'text-slate-500',
                    )}
                  >
                    {step.short}
                  </span>
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ol>
      <div className="mt-2 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Planner progress"
          aria-valuemin={0}
          aria-valuemax={PLANNER_STEP_COUNT}
          aria-valuenow={current + 1}
          aria-valuetext={`Step ${current + 1} of ${PLANNER_STEP_COUNT}`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="text-xs font-semibold text-slate-700 tabular-nums">
          {stepCount(current)}
        </span>
      </div>
    </nav>
  );
}
