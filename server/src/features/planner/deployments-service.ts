import type { TPlanId } from '@stratum/core/contract/common';
import {
  DEPLOY_TIMELINE_MS,
  type TDeployEnvironment,
  type TDeploymentConfig,
} from '@stratum/core/contract/planner/deployment';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { deployResources, summariseCosts } from '@stratum/core/costing/deployment-costs';
import { estimateDesign } from '@stratum/core/costing/estimate-design';
import type { PriceBook } from '@stratum/core/costing/book';
import { preparePlan } from '@stratum/core/planner/design-from-state';
import { canUse, FEATURE_PLANS } from '@stratum/core/plans-gating';
import { PLANS } from '@stratum/core/plans';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  invalidDesign,
  requireProject,
  requireRole,
  stateOf,
  type Actor,
  type PlannerDeps,
} from './context';
import * as deployments from './deployments-repository';
import { presentDeployment, presentDeploymentDetail } from './presenters';
import { notifyMembers } from './live';
import type { ProjectRow } from './repository';

const deploymentNotFound = () => new AppError('deploy/not_found', PLANNER_MSG.deploymentNotFound);

/**
 * The priced resources of a project's saved design in one of its environments (the first when
 * none is asked), from the price book in force (usage-billed charges at their default
 * assumptions), or the issues that stop a deployment.
 */
function pricedConfig(project: ProjectRow, asked: TDeployEnvironment | undefined, book: PriceBook) {
  const state = stateOf(project.state, project.name);
  const environments = state.architectureConfig.environments.map((e) => e.name);
  const environment = asked ?? environments[0] ?? 'dev';
  const prepared = preparePlan(state);
  const unknown = !environments.includes(environment)
    ? [{ path: 'environment', message: PLANNER_MSG.unknownEnvironment(environment, environments) }]
    : [];
  if (!prepared.ok || unknown.length > 0) {
    const errors = prepared.ok ? [] : prepared.issues.filter((i) => i.severity === 'error');
    const issues = [...unknown, ...errors];
    return {
      provider: state.selectedProvider,
      region: null,
      environment,
      environments,
      resources: [],
      issues,
    };
  }
  const estimate = estimateDesign(prepared.design, book, { environment });
  return {
    provider: prepared.design.provider,
    region: prepared.design.region,
    environment,
    environments,
    resources: deployResources(prepared.resolved.nodes, estimate),
    issues: [],
  };
}

/**
 * §4 simulated deployments: started and rolled back by the project's editors and owner on the
 * Ultra Pro and Enterprise plans (§6, the acting user's plan), read by every member.
 */
export class DeploymentsService {
  constructor(private readonly deps: PlannerDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async gate(userId: string) {
    const { currentPlan } = await this.deps.plans.state(userId);
    const allowed = canUse(currentPlan, 'deployment');
    return {
      plan: currentPlan,
      allowed,
      plans: [...FEATURE_PLANS.deployment],
      reason: allowed ? null : PLANNER_MSG.deployNotAllowed(PLANS[currentPlan].name),
    };
  }

  private async requireAllowed(userId: string): Promise<TPlanId> {
    const gate = await this.gate(userId);
    if (!gate.allowed) throw new AppError('deploy/not_allowed', gate.reason ?? '');
    return gate.plan;
  }

  async config(userId: string, projectId: string, environment: TDeployEnvironment | undefined) {
    const project = await requireProject(this.deps.db, userId, projectId);
    const [rows, gate] = await Promise.all([
      deployments.listDeployments(this.deps.db, projectId),
      this.gate(userId),
    ]);
    const book = await this.deps.books.current();
    const priced = pricedConfig(project, environment, book);
    const now = this.now();
    const config: TDeploymentConfig = {
      id: project.id,
      createdAt: project.created_at.toISOString(),
      updatedAt: project.updated_at.toISOString(),
      provider: priced.provider,
      region: priced.region,
      environment: priced.environment,
      environments: priced.environments,
      resources: priced.resources,
      costSummary: summariseCosts(priced.provider ?? 'aws', priced.resources, book.version),
      issues: priced.issues.map((i) => ({ path: i.path, message: i.message })),
      deployments: rows.map((r) => presentDeployment(r, now)),
    };
    return { config, gate: { allowed: gate.allowed, plans: gate.plans, reason: gate.reason } };
  }

  async start(actor: Actor, projectId: string, environment: TDeployEnvironment) {
    const project = await requireProject(this.deps.db, actor.id, projectId, 'edit');
    await this.requireAllowed(actor.id);
    const book = await this.deps.books.current();
    const priced = pricedConfig(project, environment, book);
    if (priced.issues.length > 0 || !priced.provider) throw invalidDesign(priced.issues);
    const provider = priced.provider;
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await deployments.insertDeployment(trx, {
        project_id: projectId,
        provider,
        environment,
        revision: project.revision,
        resources: priced.resources,
        cost_summary: summariseCosts(provider, priced.resources, book.version),
        started_at: this.now(),
      });
      await writeAudit(trx, actor, {
        action: 'deployments.start',
        targetType: 'deployment',
        targetId: inserted.id,
        after: { projectId, provider, environment, revision: project.revision },
      });
      return inserted;
    });
    await notifyMembers(this.deps, projectId, actor.id, 'deployments');
    return presentDeploymentDetail(row, this.now());
  }

  async get(userId: string, projectId: string, id: string) {
    await requireRole(this.deps.db, userId, projectId, 'read');
    const row = await deployments.findDeployment(this.deps.db, projectId, id);
    if (!row) throw deploymentNotFound();
    return presentDeploymentDetail(row, this.now());
  }

  /** Once, after completion: the execution logs success 3 s later. */
  async rollback(actor: Actor, projectId: string, id: string) {
    const { db } = this.deps;
    await requireRole(db, actor.id, projectId, 'edit');
    const existing = await deployments.findDeployment(db, projectId, id);
    if (!existing) throw deploymentNotFound();
    await this.requireAllowed(actor.id);
    const now = this.now();
    const completedBefore = new Date(now.getTime() - DEPLOY_TIMELINE_MS.completed);
    const row = await db.transaction().execute(async (trx) => {
      const updated = await deployments.requestRollback(trx, projectId, id, now, completedBefore);
      if (!updated) {
        throw new AppError('deploy/rollback_unavailable', PLANNER_MSG.rollbackUnavailable);
      }
      await writeAudit(trx, actor, {
        action: 'deployments.rollback',
        targetType: 'deployment',
        targetId: id,
        after: { projectId, rollbackRequestedAt: now.toISOString() },
      });
      return updated;
    });
    await notifyMembers(this.deps, projectId, actor.id, 'deployments');
    return presentDeploymentDetail(row, now);
  }
}
