import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { TGeneration } from '@stratum/core/contract/planner/generation';
import { generatePlan } from '@stratum/core/planner/design-from-state';
import { effectiveFormat, type TPlannerState } from '@stratum/core/planner/state';
import { isApiError } from '../../lib/api-client';
import { subscriptionQuery } from '../../lib/api/subscription';
import { useGenerateProject } from './api/generate-project';
import { useOpenGeneration } from './api/get-generation';
import { useTagRules } from './api/tag-rules';
import { generationsQuery } from './api/list-generations';
import { DesignIssueList } from './design-issue-list';
import { GenerationFailure, type TGenerationFailure } from './generation-failure';
import { GenerationHistory } from './generation-history';
import { GenerationOptions } from './generation-options';
import { plannerStore, usePlannerStore } from './planner-store';
import { saveBeforeServerWork } from './project-sync';
import { SaveFirst } from './save-first';
import { StepLoading } from './step-loading';

const CodeViewer = lazy(() =>
  import('./code/code-viewer').then((m) => ({ default: m.CodeViewer })),
);

export interface GenerationStepProps {
  plan: TPlannerState;
}

/** Step 5: generate on the server (counted against the plan), then read, copy and download. */
export function GenerationStep({ plan }: GenerationStepProps) {
  const project = usePlannerStore((s) => s.project);
  if (!project) {
    return (
      <SaveFirst
        title="Generation runs on the server"
        text="Each generation is counted against your plan's monthly generations, stored with the project and snapshotted. Save this plan as a project to generate it."
      />
    );
  }
  return <ProjectGeneration plan={plan} projectId={project.id} projectName={project.name} />;
}

interface ProjectGenerationProps {
  plan: TPlannerState;
  projectId: string;
  projectName: string;
}

function ProjectGeneration({ plan, projectId, projectName }: ProjectGenerationProps) {
  const subscription = useQuery(subscriptionQuery);
  const format = effectiveFormat(plan);
  // The engine in the browser: the same design and checks the server runs on the saved plan,
  // with the user's tag policies (a `block` policy the design breaks stops generation here).
  const { policies } = useTagRules();
  const local = useMemo(() => generatePlan(plan, format, policies), [plan, format, policies]);
  const [generation, setGeneration] = useState<TGeneration | null>(null);
  const [failure, setFailure] = useState<TGenerationFailure | null>(null);
  const history = useQuery(generationsQuery(projectId));
  const generate = useGenerateProject(projectId, saveBeforeServerWork);
  const open = useOpenGeneration(projectId);

  const handleGenerate = () =>
    generate.mutate(format, {
      onSuccess: (response) => {
        setFailure(null);
        setGeneration(response.data.generation);
        const { remaining } = response.data.quota;
        const left =
          remaining === null
            ? ''
            : ` · ${remaining} generation${remaining === 1 ? '' : 's'} left this month`;
        toast.success(`Generated ${response.data.generation.files.length} files${left}`);
      },
      onError: (error) =>
        setFailure({
          message: error.message,
          code: isApiError(error) ? error.code : 'internal/error',
          issues: isApiError(error) ? error.issues : [],
        }),
    });
  const handleOpen = (generationId: string) =>
    open.mutate(generationId, {
      onSuccess: setGeneration,
      onError: (e) => toast.error(e.message),
    });
  // Coming back to the step shows the newest generation again.
  const newest = history.data?.[0]?.id;
  const { mutate: openGeneration, isIdle } = open;
  useEffect(() => {
    if (newest && isIdle && generation === null)
      openGeneration(newest, { onSuccess: setGeneration });
  }, [newest, isIdle, generation, openGeneration]);

  const usage = subscription.data?.usage;
  const quotaText = !usage
    ? null
    : usage.generationsRemaining === null
      ? 'Unlimited generations on your plan'
      : `${usage.generationsRemaining} of ${usage.generationsLimit} generations left this month`;

  return (
    <div className="space-y-4">
      <GenerationOptions
        plan={plan}
        format={format}
        onFormatChange={(f) =>
          plannerStore.update((p) => ({
            ...p,
            fileStructureConfig: { ...p.fileStructureConfig, format: f },
          }))
        }
        quotaText={quotaText}
        isGenerating={generate.isPending}
        canGenerate={local.ok}
        onGenerate={handleGenerate}
      />
      {!local.ok && <DesignIssueList title="Fix these before generating" issues={local.issues} />}
      {failure && <GenerationFailure failure={failure} />}
      {generation && (
        <Suspense fallback={<StepLoading />}>
          <CodeViewer key={generation.id} generation={generation} projectName={projectName} />
        </Suspense>
      )}
      <GenerationHistory
        generations={history.data ?? []}
        openId={generation?.id}
        onOpen={handleOpen}
      />
    </div>
  );
}
