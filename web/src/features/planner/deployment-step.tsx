import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical, Lock, Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DEPLOY_ENVIRONMENTS,
  type TDeployEnvironment,
} from '@stratum/core/contract/planner/deployment';
import { getDeploymentConfig } from '@stratum/core/contract/planner/get-deployment-config';
import { startDeployment } from '@stratum/core/contract/planner/start-deployment';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { callApi } from '../../lib/api-client';
import { PLANNER_STORAGE_KEYS, writeJson } from '../../lib/storage';
import { DeploymentRun } from './deployment-run';
import { ResourceCosts } from './resource-costs';
import { usePlannerStore } from './planner-store';
import { flushSave } from './project-sync';
import { SaveFirst } from './save-first';
import { StepLoading } from './step-loading';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Step 6: a simulated deployment (§4) for Ultra Pro and Enterprise (§6), with its history. */
export function DeploymentStep() {
  const project = usePlannerStore((s) => s.project);
  const queryClient = useQueryClient();
  const [environment, setEnvironment] = useState<TDeployEnvironment>('dev');
  const [openId, setOpenId] = useState<string | null>(null);
  const configKey = ['projects', project?.id, 'deployments', environment];
  const config = useQuery({
    queryKey: configKey,
    queryFn: async ({ signal }) => {
      await flushSave();
      return callApi(getDeploymentConfig, {
        params: { id: project?.id ?? '' },
        query: { environment },
        signal,
      });
    },
    select: (r) => r.data,
    enabled: project !== null,
  });
  useEffect(() => {
    if (config.data && project)
      writeJson(PLANNER_STORAGE_KEYS.deployments, {
        projectId: project.id,
        deployments: config.data.config.deployments,
      });
  }, [config.data, project]);

  const deploy = useMutation({
    mutationFn: async () => {
      await flushSave();
      return callApi(startDeployment, { params: { id: project?.id ?? '' }, body: { environment } });
    },
    onSuccess: (r) => {
      setOpenId(r.data.deployment.id);
      void queryClient.invalidateQueries({ queryKey: ['projects', project?.id, 'deployments'] });
    },
    onError: (e) => toast.error(e.message),
  });

  if (!project) {
    return (
      <SaveFirst
        title="Deployments belong to a project"
        text="The simulated deployment runs on the server and keeps its history with the project. Save this plan as a project to deploy it."
      />
    );
  }
  if (config.isPending) return <StepLoading />;
  if (config.isError) {
    return (
      <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        The deployment details could not be loaded: {config.error.message}{' '}
        <Button variant="secondary" size="sm" onClick={() => void config.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { gate, config: cfg } = config.data;
  const latest = openId ?? null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3 rounded-lg border border-violet-200 bg-violet-50 p-4">
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm text-violet-950">
          <p className="flex items-center gap-2 font-semibold">
            Simulation <Badge tone="brand">Simulation</Badge>
          </p>
          <p className="mt-0.5">
            Deployments here are simulated: nothing is created in your cloud account. The run goes
            pending → running (after 1 s) → completed (after 5 s), and prices your resources at
            public list prices × the provider multiplier.
          </p>
        </div>
      </div>
      {!gate.allowed && (
        <div
          role="note"
          className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <Lock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Deployment needs the Ultra Pro or Enterprise plan</p>
            <p className="mt-0.5">{gate.reason}</p>
          </div>
          <Link
            to="/subscription"
            className="rounded-md bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-950"
          >
            Upgrade on Subscription
          </Link>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Environment</legend>
          <div className="mt-1 flex gap-1.5">
            {DEPLOY_ENVIRONMENTS.map((env) => (
              <label
                key={env}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-brand-600 ${environment === env ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300'}`}
              >
                <input
                  type="radio"
                  name="deploy-environment"
                  className="sr-only"
                  checked={environment === env}
                  onChange={() => setEnvironment(env)}
                />
                {env}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-slate-700">
          {cfg.provider ?? '—'} · {cfg.region ?? '—'} · {cfg.resources.length} resources
        </p>
        <Button
          className="ml-auto"
          size="lg"
          isLoading={deploy.isPending}
          disabled={!gate.allowed || cfg.issues.length > 0}
          onClick={() => deploy.mutate()}
        >
          <Rocket className="size-4" aria-hidden="true" /> Deploy to {environment} (simulated)
        </Button>
      </div>
      {cfg.issues.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-medium">Fix these before deploying</p>
          <ul className="mt-1 list-disc pl-5">
            {cfg.issues.map((i, n) => (
              <li key={n}>
                {i.path && <code className="font-mono text-xs">{i.path}</code>} {i.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {latest && (
        <DeploymentRun
          projectId={project.id}
          deploymentId={latest}
          onChanged={() =>
            void queryClient.invalidateQueries({
              queryKey: ['projects', project.id, 'deployments'],
            })
          }
        />
      )}
      <ResourceCosts resources={cfg.resources} summary={cfg.costSummary} />
      <section
        aria-labelledby="deploy-history"
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h3 id="deploy-history" className="text-sm font-semibold text-slate-900">
          Execution history
        </h3>
        {cfg.deployments.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No deployments yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {cfg.deployments.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-3 py-2">
                <Badge tone={d.status === 'completed' ? 'success' : 'warning'}>{d.status}</Badge>
                <span className="text-slate-900">{d.environment}</span>
                <span className="text-slate-600">{when(d.startTime)}</span>
                {d.cost !== null && (
                  <span className="text-slate-700">${d.cost.toFixed(2)}/month</span>
                )}
                {d.rollback && <Badge>rolled back</Badge>}
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  disabled={openId === d.id}
                  onClick={() => setOpenId(d.id)}
                >
                  {openId === d.id ? 'Shown' : 'View'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
