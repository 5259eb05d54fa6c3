import type { FastifyInstance } from 'fastify';
import { createProject } from '@stratum/core/contract/planner/create-project';
import { createSnapshot } from '@stratum/core/contract/planner/create-snapshot';
import { deleteProject } from '@stratum/core/contract/planner/delete-project';
import { deleteSnapshot } from '@stratum/core/contract/planner/delete-snapshot';
import { duplicateProject } from '@stratum/core/contract/planner/duplicate-project';
import { generateProject } from '@stratum/core/contract/planner/generate-project';
import type { TGeneration } from '@stratum/core/contract/planner/generation';
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
import { cancelInvitation } from '@stratum/core/contract/planner/cancel-invitation';
import { inviteMember } from '@stratum/core/contract/planner/invite-member';
import { listMembers } from '@stratum/core/contract/planner/list-members';
import { removeMember } from '@stratum/core/contract/planner/remove-member';
import { updateMember } from '@stratum/core/contract/planner/update-member';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/audit';
import { addRoute, answerWithJson, type Authenticator, type RequestAuth } from '../../lib/route';
import type { Actor, PlannerDeps } from './context';
import { presentGeneration } from './presenters';
import { MembersService } from './members-service';
import { DeploymentsService } from './deployments-service';
import { GenerationService } from './generation-service';
import { ProjectsService } from './projects-service';
import { SnapshotsService } from './snapshots-service';

const actor = ({ auth, request }: { auth: RequestAuth; request: FastifyRequest }): Actor => ({
  ...actorOf(auth, request),
  name: `${auth.user.first_name} ${auth.user.last_name}`.trim(),
});

/**
 * Projects, generations, version snapshots, simulated deployments and members of the planner.
 * Every route checks the caller's role in the project (docs/shared-projects.md).
 */
export function registerPlannerRoutes(
  app: FastifyInstance,
  deps: PlannerDeps,
  authenticate: Authenticator,
): void {
  const projects = new ProjectsService(deps);
  const generations = new GenerationService(deps);
  const snapshots = new SnapshotsService(deps);
  const deploys = new DeploymentsService(deps);
  const members = new MembersService(deps);
  const route = <E extends Parameters<typeof addRoute>[2]>(
    endpoint: E,
    handler: Parameters<typeof addRoute<E>>[3],
  ) => addRoute(app, authenticate, endpoint, handler);

  route(listProjects, async (ctx) => {
    await members.claim(actor(ctx));
    return { data: await projects.list(ctx.auth.user.id) };
  });
  route(createProject, async (ctx) => ({ data: await projects.create(actor(ctx), ctx.body) }));
  route(getProject, async ({ auth, params }) => ({
    data: { project: await projects.get(auth.user.id, params.id) },
  }));
  route(saveProjectState, async (ctx) => {
    const { params, body } = ctx;
    return {
      data: { project: await projects.saveState(actor(ctx), params.id, body.revision, body.state) },
    };
  });
  route(renameProject, async (ctx) => ({
    data: { project: await projects.rename(actor(ctx), ctx.params.id, ctx.body) },
  }));
  route(duplicateProject, async (ctx) => ({
    data: await projects.duplicate(actor(ctx), ctx.params.id, ctx.body.name),
  }));
  route(deleteProject, async (ctx) => ({
    data: await projects.remove(actor(ctx), ctx.params.id),
  }));

  route(listMembers, async ({ auth, params }) => ({
    data: await members.list(auth.user.id, params.id),
  }));
  route(inviteMember, async (ctx) => ({
    data: await members.invite(actor(ctx), ctx.params.id, ctx.body),
  }));
  route(updateMember, async (ctx) => ({
    data: await members.updateRole(actor(ctx), ctx.params.id, ctx.params.userId, ctx.body.role),
  }));
  route(removeMember, async (ctx) => {
    await members.remove(actor(ctx), ctx.params.id, ctx.params.userId);
    return {};
  });
  route(cancelInvitation, async (ctx) => {
    await members.cancelInvitation(actor(ctx), ctx.params.id, ctx.params.invitationId);
    return {};
  });

  // A generation's files are answered as the JSON text the job wrote or the database holds.
  route(generateProject, async (ctx) => {
    const { generation, filesJson, ...rest } = await generations.generate(
      actor(ctx),
      ctx.params.id,
      ctx.body,
    );
    return answerWithJson(generateProject, filesJson, (files: TGeneration['files']) => ({
      data: { ...rest, generation: presentGeneration(generation, files) },
    }));
  });
  route(listGenerations, async ({ auth, params }) => ({
    data: { generations: await generations.list(auth.user.id, params.id) },
  }));
  route(getGeneration, async ({ auth, params }) => {
    const { generation, filesJson } = await generations.get(
      auth.user.id,
      params.id,
      params.generationId,
    );
    return answerWithJson(getGeneration, filesJson, (files: TGeneration['files']) => ({
      data: { generation: presentGeneration(generation, files) },
    }));
  });

  route(listSnapshots, async ({ auth, params }) => ({
    data: { snapshots: await snapshots.list(auth.user.id, params.id) },
  }));
  route(createSnapshot, async (ctx) => ({
    data: { snapshot: await snapshots.create(actor(ctx), ctx.params.id, ctx.body) },
  }));
  route(getSnapshot, async ({ auth, params }) => ({
    data: { snapshot: await snapshots.get(auth.user.id, params.id, params.snapshotId) },
  }));
  route(restoreSnapshot, async (ctx) => ({
    data: await snapshots.restore(actor(ctx), ctx.params.id, ctx.params.snapshotId),
  }));
  route(deleteSnapshot, async (ctx) => {
    await snapshots.remove(actor(ctx), ctx.params.id, ctx.params.snapshotId);
    return {};
  });

  route(getDeploymentConfig, async ({ auth, params, query }) => ({
    data: await deploys.config(auth.user.id, params.id, query.environment),
  }));
  route(startDeployment, async (ctx) => ({
    data: { deployment: await deploys.start(actor(ctx), ctx.params.id, ctx.body.environment) },
  }));
  route(getDeployment, async ({ auth, params }) => ({
    data: { deployment: await deploys.get(auth.user.id, params.id, params.deploymentId) },
  }));
  route(rollbackDeployment, async (ctx) => ({
    data: {
      deployment: await deploys.rollback(actor(ctx), ctx.params.id, ctx.params.deploymentId),
    },
  }));
}
