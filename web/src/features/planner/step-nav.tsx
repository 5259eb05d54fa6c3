import { ArrowLeft, ArrowRight, FastForward } from 'lucide-react';
import {
  canGoNext,
  canSkipTo,
  DEPLOYMENT_STEP,
  GENERATION_STEP,
  PLANNER_STEP_COUNT,
  type TStepFacts,
} from '@stratum/core/planner/steps';
import { Button } from '../../components/button';

export interface StepNavProps {
  current: number;
  facts: TStepFacts;
  onOpenStep: (step: number) => void;
}

/**
 * §2: Back and Next (Next only when the current step is satisfied); 'Skip to Generation' from
 * medium screens and 'Skip to Deployment' from large ones, each only before its step and when
 * reachable.
 */
export function StepNav({ current, facts, onOpenStep }: StepNavProps) {
  const isLast = current === PLANNER_STEP_COUNT - 1;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={current === 0}
        onClick={() => onOpenStep(current - 1)}
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Button>
      <div className="ml-auto flex items-center gap-2">
        {canSkipTo(GENERATION_STEP, current, facts) && (
          <span className="hidden md:contents">
            <Button variant="ghost" size="sm" onClick={() => onOpenStep(GENERATION_STEP)}>
              <FastForward className="size-4" aria-hidden="true" /> Skip to Generation
            </Button>
          </span>
        )}
        {canSkipTo(DEPLOYMENT_STEP, current, facts) && (
          <span className="hidden lg:contents">
            <Button variant="ghost" size="sm" onClick={() => onOpenStep(DEPLOYMENT_STEP)}>
              <FastForward className="size-4" aria-hidden="true" /> Skip to Deployment
            </Button>
          </span>
        )}
        {!isLast && (
          <Button
            size="sm"
            disabled={!canGoNext(current, facts)}
            onClick={() => onOpenStep(current + 1)}
          >
            Next <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
