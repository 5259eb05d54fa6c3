import clsx from 'clsx';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import {
  PLANNER_STEPS,
  isArchitectureSkipped,
  lockReason,
  canGoNext,
} from '@stratum/core/planner/steps';
import { stepFacts, type TPlannerState } from '@stratum/core/planner/state';
import { Badge } from '../../components/badge';
import { StepLoading } from './step-loading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConflictBanner } from './conflict-banner';
import { flushPlannerWrites, plannerStore, usePlannerStore } from './planner-store';
import { ProjectBar } from './project-bar';
import { useEngineSchemas } from './board/resource-form/use-engine-schemas';
import { usePrefetchPriceBook } from './board/prefetch-price-book';
import { ProviderStep } from './provider-step';
import { FilesStep } from './files-step';
import { NamingStep } from './naming-step';
import { ServicesStep } from './services-step';
import { StepBar } from './step-bar';
import { StepNav } from './step-nav';
import { useProjectBinding } from './use-project-binding';
import { useLiveProject } from './use-live-project';
import { ViewOnlyNotice } from './view-only-notice';
// Registers the board with the assistant panel (preview, apply, reject a proposed change).
import './assistant-host';

const ArchitectureStep = lazy(() =>
  import('./architecture-step').then((m) => ({ default: m.ArchitectureStep })),
);
const GenerationStep = lazy(() =>
  import('./generation-step').then((m) => ({ default: m.GenerationStep })),
);
const DeploymentStep = lazy(() =>
  import('./deployment-step').then((m) => ({ default: m.DeploymentStep })),
);

/** §2 Planner: seven steps from the cloud provider to deployment. */
export function PlannerPage() {
  useDocumentTitle('Planner');
  useProjectBinding();
  useLiveProject();
  useEngineSchemas();
  usePrefetchPriceBook();
  const plan = usePlannerStore((s) => s.plan);
  const furthest = usePlannerStore((s) => s.furthest);
  const viewOnlyId = usePlannerStore((s) => (s.project?.role === 'viewer' ? s.project.id : null));
  const facts = useMemo(() => stepFacts(plan), [plan]);
  const current = plan.currentStep;

  useEffect(() => {
    window.addEventListener('pagehide', flushPlannerWrites);
    return () => {
      window.removeEventListener('pagehide', flushPlannerWrites);
      flushPlannerWrites();
    };
  }, []);

  const openStep = (step: number) => plannerStore.setStep(step);
  const change = (next: TPlannerState) => plannerStore.update(() => next);
  const nextReason = canGoNext(current, facts) ? null : lockReason(current + 1, current, facts);

  // The board fills the rest of the window (the planner's own layout); other steps flow.
  const isBoard = current === 2;

  return (
    <div className={clsx('flex min-w-0 flex-col gap-3', isBoard && 'h-full')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Planner</h1>
        {isArchitectureSkipped(facts) && <Badge tone="warning">Arch skipped</Badge>}
        <div className="ml-auto">
          <ProjectBar />
        </div>
      </div>
      {viewOnlyId && <ViewOnlyNotice projectId={viewOnlyId} />}
      <ConflictBanner />
      <StepBar current={current} furthest={furthest} facts={facts} onOpenStep={openStep} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="planner-step-title" className="text-lg font-semibold text-slate-900">
          {PLANNER_STEPS[current]?.title}
        </h2>
        <div className="min-w-0 flex-1">
          <StepNav current={current} facts={facts} onOpenStep={openStep} />
        </div>
      </div>
      {nextReason && current < PLANNER_STEPS.length - 1 && (
        <p className="-mt-2 text-right text-xs text-slate-600">{nextReason}</p>
      )}
      <section
        aria-labelledby="planner-step-title"
        // contain: size keeps a long palette from stretching the page past the window.
        className={
          isBoard ? 'flex min-h-[28rem] flex-1 flex-col [contain:size] lg:min-h-80' : 'space-y-4'
        }
      >
        {/* A viewer's design controls are disabled (the store refuses their changes anyway);
            generated files stay browsable, and generating or deploying says why it is refused. */}
        <fieldset disabled={viewOnlyId !== null && current < 5} className="contents">
          <Suspense fallback={<StepLoading />}>
            {current === 0 && <ProviderStep plan={plan} onChange={change} />}
            {current === 1 && <ServicesStep plan={plan} onChange={change} />}
            {current === 2 && <ArchitectureStep plan={plan} />}
            {current === 3 && <NamingStep plan={plan} onChange={change} />}
            {current === 4 && <FilesStep plan={plan} onChange={change} />}
            {current === 5 && <GenerationStep plan={plan} />}
            {current === 6 && <DeploymentStep />}
          </Suspense>
        </fieldset>
      </section>
    </div>
  );
}
