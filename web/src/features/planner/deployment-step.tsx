import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { PLANNER_STORAGE_KEYS, writeJson } from '../../lib/storage';
import { deploymentConfigQuery } from './api/get-deployment-config';
import { plannerKeys } from './api/keys';
import { useStartDeployment } from './api/start-deployment';
import { DeploymentBar } from './deployment-bar';
import { DeploymentHistory } from './deployment-history';
import { PlanGateNote, SimulationNote } from './deployment-notes';
import { DeploymentRun } from './deployment-run';
import { DesignIssueList } from './design-issue-list';
import { usePlannerStore } from './planner-store';
import { saveBeforeServerWork } from './project-sync';
import { ResourceCosts } from './resource-costs';
import { SaveFirst } from './save-first';
import { StepLoading } from './step-loading';

/** Step 6: a simulated deployment (§4) for Ultra Pro and Enterprise (§6), with its history. */
export function DeploymentStep() {
  const project = usePlannerStore((s) => s.project);
  if (!project) {
    return (
      <SaveFirst
        title="Deployments belong to a project"
        text="The simulated deployment runs on the server and keeps its history with the project. Save this plan as a project to deploy it."
      />
    );
  }
  return <ProjectDeployment projectId={project.id} />;
}

function ProjectDeployment({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  // Undefined until the user picks one: the server then prices the design's first environment.
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const config = useQuery({
    ...deploymentConfigQuery(projectId, chosen, saveBeforeServerWork),
    placeholderData: (previous) => previous,
  });
  const deploy = useStartDeployment(projectId, saveBeforeServerWork);
  const environments = config.data?.config.environments;
  useEffect(() => {
    // An environment removed from the design since it was chosen: back to the first one.
    if (chosen !== undefined && environments && !environments.includes(chosen))
      setChosen(undefined);
  }, [chosen, environments]);
  useEffect(() => {
    if (config.data)
      writeJson(PLANNER_STORAGE_KEYS.deployments, {
        projectId,
        deployments: config.data.config.deployments,
      });
  }, [config.data, projectId]);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: plannerKeys.deployments(projectId) }),
    [queryClient, projectId],
  );

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
  return (
    <div className="space-y-4">
      <SimulationNote />
      {!gate.allowed && <PlanGateNote reason={gate.reason} />}
      <DeploymentBar
        environments={cfg.environments}
        environment={cfg.environment}
        onEnvironmentChange={setChosen}
        summary={`${cfg.provider ?? '—'} · ${cfg.region ?? '—'} · ${cfg.resources.length} resources`}
        isDeploying={deploy.isPending}
        canDeploy={gate.allowed && cfg.issues.length === 0 && !config.isPlaceholderData}
        onDeploy={() =>
          deploy.mutate(cfg.environment, {
            onSuccess: (deployment) => setOpenId(deployment.id),
            onError: (e) => toast.error(e.message),
          })
        }
      />
      {cfg.issues.length > 0 && (
        <DesignIssueList title="Fix these before deploying" issues={cfg.issues} />
      )}
      {openId && <DeploymentRun projectId={projectId} deploymentId={openId} onChanged={refresh} />}
      <ResourceCosts resources={cfg.resources} summary={cfg.costSummary} projectId={projectId} />
      <DeploymentHistory deployments={cfg.deployments} openId={openId} onOpen={setOpenId} />
    </div>
  );
}
