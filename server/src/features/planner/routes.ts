import type { FastifyInstance } from 'fastify';
import { createProject } from '@stratum/core/contract/planner/create-project';
import { createSnapshot } from '@stratum/core/contract/planner/create-snapshot';
import { deleteProject } from '@stratum/core/contract/planner/delete-project';
import { deleteSnapshot } from '@stratum/core/contract/planner/delete-snapshot';
import { duplicateProject } from '@stratum/core/contract/planner/duplicate-project';
import { generateProject } from '@stratum/core/contract/planner/generate-project';
import { getDeployment } from '@stratum/core/contract/planner/get-deployment';
import { getDeploymentConfig } from '@stratum/core/contract/planner/get-deployment-config';
import { getGeneration } from '@stratum/core/contract/planner/get-generation';
import { getProject } from '@stratum/core/contract/planner/get-project';
import { getSnapshot } from '@stratum/core/contract/planner/get-snapshot';
import { listGenerations } from '@stratum/core/contract/planner/list-generations';
import { listProjects } from '@stratum/core/contract/planner/list-projects';
import { listSnapshots } from '@stratum/core/contract/planner/list-snapshots';
import { renameProject } from '@stratum/core/contract/planner/rename-project';
import { restoreSnapshot } from '@stratum/core/contract/planner/restore-snapshot';
import { rollbackDeployment } from '@stratum/core/contract/planner/rollback-deployment';
import { saveProjectState } from '@stratum/core/contract/planner/save-project-state';
import { startDeployment } from '@stratum/core/contract/planner/start-deployment';
import { addRoute, type Authenticator } from '../../lib/route';
import type { PlannerDeps } from './context';
import { DeploymentsService } from './deployments-service';
import { GenerationService } from './generation-service';
import { ProjectsService } from './projects-service';
import { SnapshotsService } from './snapshots-service';

/** Projects, generations, version snapshots and simulated deployments of the planner. */
export function registerPlannerRoutes(
  app: FastifyInstance,
  deps: PlannerDeps,
  authenticate: Authenticator,
): void {
  const projects = new ProjectsService(deps);
  const generations = new GenerationService(deps);
  const snapshots = new SnapshotsService(deps);
  const deploys = new DeploymentsService(deps);
  const route = <E extends Parameters<typeof addRoute>[2]>(
    endpoint: E,
    handler: Parameters<typeof addRoute<E>>[3],
  ) => addRoute(app, authenticate, endpoint, handler);

  route(listProjects, async ({ auth }) => ({ data: await projects.list(auth.user.id) }));
  route(createProject, async ({ auth, body }) => ({
    data: await projects.create(auth.user.id, body),
  }));
  route(getProject, async ({ auth, params }) => ({
    data: { project: await projects.get(auth.user.id, params.id) },
  }));
  route(saveProjectState, async ({ auth, params, body }) => ({
    data: { project: await projects.saveState(auth.user.id, params.id, body.revision, body.state) },
  }));
  route(renameProject, async ({ auth, params, body }) => ({
    data: { project: await projects.rename(auth.user.id, params.id, body) },
  }));
  route(duplicateProject, async ({ auth, params, body }) => ({
    data: await projects.duplicate(auth.user.id, params.id, body.name),
  }));
  route(deleteProject, async ({ auth, params }) => ({
    data: await projects.remove(auth.user.id, params.id),
  }));

  route(generateProject, async ({ auth, params, body }) => ({
    data: await generations.generate(auth.user.id, params.id, body),
  }));
  route(listGenerations, async ({ auth, params }) => ({
    data: { generations: await generations.list(auth.user.id, params.id) },
  }));
  route(getGeneration, async ({ auth, params }) => ({
    data: { generation: await generations.get(auth.user.id, params.id, params.generationId) },
  }));

  route(listSnapshots, async ({ auth, params }) => ({
    data: { snapshots: await snapshots.list(auth.user.id, params.id) },
  }));
  route(createSnapshot, async ({ auth, params, body }) => ({
    data: { snapshot: await snapshots.create(auth.user.id, params.id, body) },
  }));
  route(getSnapshot, async ({ auth, params }) => ({
    data: { snapshot: await snapshots.get(auth.user.id, params.id, params.snapshotId) },
  }));
  route(restoreSnapshot, async ({ auth, params }) => ({
    data: await snapshots.restore(auth.user.id, params.id, params.snapshotId),
  }));
  route(deleteSnapshot, async ({ auth, params }) => {
    await snapshots.remove(auth.user.id, params.id, params.snapshotId);
    return {};
  });

  route(getDeploymentConfig, async ({ auth, params, query }) => ({
    data: await deploys.config(auth.user.id, params.id, query.environment),
  }));
  route(startDeployment, async ({ auth, params, body }) => ({
    data: { deployment: await deploys.start(auth.user.id, params.id, body.environment) },
  }));
  route(getDeployment, async ({ auth, params }) => ({
    data: { deployment: await deploys.get(auth.user.id, params.id, params.deploymentId) },
  }));
  route(rollbackDeployment, async ({ auth, params }) => ({
    data: { deployment: await deploys.rollback(auth.user.id, params.id, params.deploymentId) },
  }));
}
