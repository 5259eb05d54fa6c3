import type { Db } from '../../db/database';
import type { TGenerateProjectInput } from '@stratum/core/contract/planner/generate-project';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { PLANS } from '@stratum/core/plans';
import type { QuotaUse } from '@stratum/core/subscription';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import { notFound, requireProject, requireRole, type Actor, type PlannerDeps } from './context';
import * as history from './history-repository';
import { presentGenerationSummary } from './presenters';
import { notifyMembers } from './live';
import { lockProject } from './repository';

/** Generations a user may ask for a minute (the engine runs before the quota is counted). */
const GENERATIONS_PER_MINUTE = 30;

const FORMAT_LABEL = { terraform: 'Terraform', bicep: 'Bicep', arm: 'ARM' } as const;

/**
 * Runs the engine on a project's stored design, counts it, stores it with a snapshot. Editors and
 * the owner generate; a generation counts against the quota of the user who asks for it.
 */
export class GenerationService {
  constructor(private readonly deps: PlannerDeps) {}

  async generate(actor: Actor, projectId: string, input: TGenerateProjectInput) {
    const { db, shared } = this.deps;
    const userId = actor.id;
    await throttle(shared, `planner-generate:${userId}`, GENERATIONS_PER_MINUTE);
    const project = await requireProject(db, userId, projectId, 'edit');
    // The engine runs in a worker thread: a big design takes seconds (decision 0032).
    const result = await this.deps.jobs.run(
      'generate',
      {
        state: project.state,
        projectName: project.name,
        format: input.format,
        tagPolicies: await this.deps.tagPolicies(userId),
      },
      'Generating this design',
    );
    const { report, options } = result;
    const { generation, snapshotId, quota } = await db.transaction().execute(async (trx) => {
      // The row lock orders this with restores and manual snapshots of the same project.
      if (!(await lockProject(trx, projectId))) throw notFound();
      // Counted only now, in the transaction that stores the result: a design the engine refuses
      // costs nothing, over quota stores nothing, and a failed store gives the generation back.
      const quota = await this.count(userId, trx);
      const row = await history.insertGeneration(
        trx,
        {
          project_id: projectId,
          format: input.format,
          layout: result.layout,
          options,
          revision: project.revision,
          report,
          file_count: result.fileCount,
          warning_count: report.warnings.length + report.naming.length + result.openFindings,
        },
        result.filesJson,
      );
      const snapshot = await history.insertSnapshot(trx, {
        projectId,
        type: 'auto',
        description: `Generated ${FORMAT_LABEL[input.format]} (${result.layout} layout)`,
        tags: [input.format, result.layout],
        data: project.state,
        revision: project.revision,
        generationId: row.id,
      });
      await writeAudit(trx, actor, {
        action: 'projects.generate',
        targetType: 'generation',
        targetId: row.id,
        after: { projectId, format: input.format, layout: result.layout, revision: row.revision },
      });
      return { generation: row, snapshotId: snapshot.id, quota };
    });
    await notifyMembers(this.deps, projectId, userId, 'generations');
    return {
      generation,
      filesJson: result.filesJson,
      quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
      snapshotId,
    };
  }

  async list(userId: string, projectId: string) {
    await requireRole(this.deps.db, userId, projectId, 'read');
    const rows = await history.listGenerations(this.deps.db, projectId);
    return rows.map(presentGenerationSummary);
  }

  async get(userId: string, projectId: string, id: string) {
    await requireRole(this.deps.db, userId, projectId, 'read');
    const row = await history.findGeneration(this.deps.db, projectId, id);
    if (!row) throw new AppError('planner/generation_not_found', PLANNER_MSG.generationNotFound);
    const { files_json: filesJson, ...generation } = row;
    return { generation, filesJson };
  }

  /** One generation against the month's quota, atomically (the subscription feature's count). */
  private async count(userId: string, transaction: Db): Promise<QuotaUse> {
    try {
      return await this.deps.quota.recordGeneration(userId, transaction);
    } catch (error) {
      if (error instanceof AppError && error.code === 'subscription/quota_exceeded') {
        const { currentPlan } = await this.deps.plans.state(userId);
        const { name, maxGenerations } = PLANS[currentPlan];
        throw new AppError(
          'planner/quota_exceeded',
          PLANNER_MSG.quotaExceeded(name, maxGenerations),
        );
      }
      throw error;
    }
  }
}
