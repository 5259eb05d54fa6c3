import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { generateProject } from '@stratum/core/contract/planner/generate-project';
import type { TGeneration } from '@stratum/core/contract/planner/generation';
import { getGeneration } from '@stratum/core/contract/planner/get-generation';
import { listGenerations } from '@stratum/core/contract/planner/list-generations';
import { formatsFor, type TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { callApi, isApiError } from '../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../lib/projects-query';
import { SUBSCRIPTION_QUERY_KEY, subscriptionQuery } from '../../lib/api/subscription';
import { formatLabel } from './clouds';
import { effectiveFormat, generateLocally, layoutFor } from './local-generate';
import { plannerStore, usePlannerStore } from './planner-store';
import { flushSave } from './project-sync';
import { SaveFirst } from './save-first';
import { StepLoading } from './step-loading';

const CodeViewer = lazy(() =>
  import('./code/code-viewer').then((m) => ({ default: m.CodeViewer })),
);

export interface GenerationStepProps {
  plan: TPlannerState;
}

type TFailure = {
  message: string;
  code: string;
  issues: readonly { path: string; message: string }[];
};

/** Step 5: generate on the server (counted against the plan), then read, copy and download. */
export function GenerationStep({ plan }: GenerationStepProps) {
  const project = usePlannerStore((s) => s.project);
  const queryClient = useQueryClient();
  const subscription = useQuery(subscriptionQuery);
  const format = effectiveFormat(plan);
  const local = useMemo(() => generateLocally(plan), [plan]);
  const [generation, setGeneration] = useState<TGeneration | null>(null);
  const [failure, setFailure] = useState<TFailure | null>(null);
  const history = useQuery({
    queryKey: ['projects', project?.id, 'generations'],
    queryFn: ({ signal }) =>
      callApi(listGenerations, { params: { id: project?.id ?? '' }, signal }),
    select: (r) => r.data.generations,
    enabled: project !== null,
  });

  const generate = useMutation({
    mutationFn: async () => {
      if (!project) throw new Error('Save the project first');
      await flushSave();
      const revision = plannerStore.getState().project?.revision;
      return callApi(generateProject, {
        params: { id: project.id },
        body: {
          format,
          layout: layoutFor(plan, format),
          ci: plan.fileStructureConfig.ci,
          readme: plan.fileStructureConfig.readme,
          ...(revision !== undefined ? { revision } : {}),
        },
      });
    },
    onSuccess: (response) => {
      setFailure(null);
      setGeneration(response.data.generation);
      const { remaining } = response.data.quota;
      toast.success(
        `Generated ${response.data.generation.files.length} files${remaining === null ? '' : ` · ${remaining} generation${remaining === 1 ? '' : 's'} left this month`}`,
      );
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
    onError: (error) => {
      setFailure({
        message: error.message,
        code: isApiError(error) ? error.code : 'internal/error',
        issues: isApiError(error) ? error.issues : [],
      });
      if (isApiError(error, 'planner/quota_exceeded'))
        void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    },
  });
  const open = useMutation({
    mutationFn: (generationId: string) =>
      callApi(getGeneration, { params: { id: project?.id ?? '', generationId } }),
    onSuccess: (r) => setGeneration(r.data.generation),
    onError: (e) => toast.error(e.message),
  });
  // Coming back to the step shows the newest generation again.
  const newest = history.data?.[0]?.id;
  const { mutate: openGeneration, isIdle } = open;
  useEffect(() => {
    if (newest && isIdle && generation === null) openGeneration(newest);
  }, [newest, isIdle, generation, openGeneration]);

  if (!project) {
    return (
      <SaveFirst
        title="Generation runs on the server"
        text="Each generation is counted against your plan's monthly generations, stored with the project and snapshotted. Save this plan as a project to generate it."
      />
    );
  }
  const usage = subscription.data?.usage;
  const quotaText = !usage
    ? null
    : usage.generationsRemaining === null
      ? 'Unlimited generations on your plan'
      : `${usage.generationsRemaining} of ${usage.generationsLimit} generations left this month`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Format</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {formatsFor(plan.selectedProvider ?? 'aws').map((f) => (
              <label
                key={f}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-brand-600 ${format === f ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300'}`}
              >
                <input
                  type="radio"
                  name="generation-format"
                  className="sr-only"
                  checked={format === f}
                  onChange={() =>
                    plannerStore.update((p) => ({
                      ...p,
                      fileStructureConfig: { ...p.fileStructureConfig, format: f },
                    }))
                  }
                />
                {formatLabel(f)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-slate-700">
          Layout <strong className="font-medium">{layoutFor(plan, format)}</strong>
          {plan.fileStructureConfig.ci && format === 'terraform' ? ' · CI workflow' : ''}
          {plan.fileStructureConfig.readme ? ' · README' : ''}
        </p>
        <div className="ml-auto flex flex-col items-end gap-1">
          <Button
            size="lg"
            isLoading={generate.isPending}
            disabled={!local.ok}
            onClick={() => generate.mutate()}
          >
            <Sparkles className="size-4" aria-hidden="true" /> Generate
          </Button>
          {quotaText && <span className="text-xs text-slate-600">{quotaText}</span>}
        </div>
      </div>
      {!local.ok && <IssueBox title="Fix these before generating" issues={local.issues} />}
      {failure && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="flex items-start gap-2 font-medium">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {failure.message}
          </p>
          {failure.code === 'planner/quota_exceeded' && (
            <p className="mt-2 pl-6">
              Nothing was generated.{' '}
              <Link to="/subscription" className="font-semibold underline">
                Go to Subscription
              </Link>{' '}
              to upgrade for more generations.
            </p>
          )}
          {failure.issues.length > 0 && (
            <ul className="mt-2 list-disc pl-10">
              {failure.issues.map((i, n) => (
                <li key={n}>
                  {i.path && <code className="font-mono text-xs">{i.path}</code>} {i.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {generation && (
        <Suspense fallback={<StepLoading />}>
          <CodeViewer key={generation.id} generation={generation} projectName={project.name} />
        </Suspense>
      )}
      {history.data && history.data.length > 0 && (
        <section
          aria-labelledby="history-title"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h3 id="history-title" className="text-sm font-semibold text-slate-900">
            Past generations
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {history.data.slice(0, 10).map((g) => (
              <li key={g.id} className="flex flex-wrap items-center gap-3 py-2">
                <span className="text-slate-900">{new Date(g.createdAt).toLocaleString()}</span>
                <span className="text-slate-600">
                  {formatLabel(g.format)} · {g.layout} · {g.fileCount} files · revision {g.revision}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  disabled={generation?.id === g.id}
                  onClick={() => open.mutate(g.id)}
                >
                  {generation?.id === g.id ? 'Open' : 'View'}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function IssueBox(props: { title: string; issues: readonly { path: string; message: string }[] }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-medium">{props.title}</p>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
        {props.issues.slice(0, 10).map((i, n) => (
          <li key={n}>
            {i.path && <code className="font-mono text-xs">{i.path}</code>} {i.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
